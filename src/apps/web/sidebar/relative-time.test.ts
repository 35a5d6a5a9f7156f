import { describe, expect, it } from 'vitest';
import { fullDate, relativeTime } from './relative-time.ts';

// Local wall-clock times, so the calendar-day rules hold in any time zone.
const now = new Date(2026, 2, 12, 15, 30, 0);
const at = (month: number, day: number, hour: number, minute = 0, year = 2026) =>
  new Date(year, month - 1, day, hour, minute);

describe('relativeTime', () => {
  it('says "just now" for the last few seconds (and for small clock skew)', () => {
    expect(relativeTime(new Date(now.getTime() - 10_000), now)).toBe('just now');
    expect(relativeTime(new Date(now.getTime() + 20_000), now)).toBe('just now');
  });

  it('counts minutes within the hour', () => {
    expect(relativeTime(new Date(now.getTime() - 50_000), now)).toBe('1 min ago');
    expect(relativeTime(at(3, 12, 15, 28), now)).toBe('2 min ago');
    expect(relativeTime(at(3, 12, 14, 41), now)).toBe('49 min ago');
  });

  it('counts hours earlier the same day', () => {
    expect(relativeTime(at(3, 12, 14, 15), now)).toBe('1 hour ago');
    expect(relativeTime(at(3, 12, 9, 0), now)).toBe('6 hours ago');
  });

  it('says "yesterday" for the previous calendar day, then days, then the date', () => {
    expect(relativeTime(at(3, 11, 23, 50), now)).toBe('yesterday');
    expect(relativeTime(at(3, 11, 1, 0), now)).toBe('yesterday');
    expect(relativeTime(at(3, 8, 12, 0), now)).toBe('4 days ago');
    expect(relativeTime(at(3, 2, 12, 0), now)).toBe('Mar 2');
    expect(relativeTime(at(12, 30, 12, 0, 2025), now)).toBe('Dec 30, 2025');
  });

  it('reads ISO strings and gives nothing for missing or broken dates', () => {
    expect(relativeTime(at(3, 12, 15, 25).toISOString(), now)).toBe('5 min ago');
    expect(relativeTime(null, now)).toBe('');
    expect(relativeTime('not a date', now)).toBe('');
  });

  it('writes the full date for tooltips', () => {
    expect(fullDate(at(3, 2, 9, 5))).toContain('2026');
    expect(fullDate('nope')).toBe('');
  });
});

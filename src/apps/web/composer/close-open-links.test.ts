import { describe, expect, it } from 'vitest';
import { closeOpenLinks } from './close-open-links.ts';

describe('closeOpenLinks', () => {
  it.each([
    ['Ask about [[budget', 'Ask about [[budget]]'],
    ['Ask about [[budget?', 'Ask about [[budget]]?'],
    ['Ask about [[Solar Pump Project#Ri ', 'Ask about [[Solar Pump Project#Ri]] '],
    ['[[a\nand [[b', '[[a]]\nand [[b]]'],
    ['[[a]] and [[b]]', '[[a]] and [[b]]'],
    ['a bare [[', 'a bare [['],
    ['code `[[x` stays', 'code `[[x` stays'],
    ['```\n[[x\n```', '```\n[[x\n```'],
    ['escaped \\[[x', 'escaped \\[[x'],
    ['@bob [[Pump Design', '@bob [[Pump Design]]'],
  ])('%j → %j', (text, expected) => {
    expect(closeOpenLinks(text)).toBe(expected);
  });
});

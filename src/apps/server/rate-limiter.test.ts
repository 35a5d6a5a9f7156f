import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../core/index.ts';
import { createRateLimiter } from './rate-limiter.ts';

const HOUR = 3_600_000;

/** A limiter on a clock the test moves by hand. */
const limiterAt = (options: { limit?: number; windowMs?: number; maxKeys?: number } = {}) => {
  const clock = { t: 1_000_000 };
  const limiter = createRateLimiter({ ...options, now: () => clock.t });
  return { limiter, clock };
};

describe('createRateLimiter', () => {
  it('accepts 20 turns an hour by default, counting down, then refuses', () => {
    const { limiter } = limiterAt();
    const remaining = Array.from({ length: 20 }, () => limiter.take('alice'));
    expect(remaining.map((d) => d.ok && d.remaining)).toEqual(
      Array.from({ length: 20 }, (_, i) => 19 - i),
    );
    expect(limiter.take('alice')).toEqual({ ok: false, retryAfterSeconds: 3600 });
  });

  it('says exactly when the oldest turn leaves the window, rounded up to a whole second', () => {
    const { limiter, clock } = limiterAt({ limit: 2, windowMs: 60_000 });
    limiter.take('k'); // t0
    clock.t += 10_000;
    limiter.take('k'); // t0 + 10 s
    clock.t += 5_500; // 15.5 s after the first turn
    expect(limiter.take('k')).toEqual({ ok: false, retryAfterSeconds: 45 }); // 44.5 s, rounded up
    clock.t += 44_499;
    expect(limiter.take('k')).toEqual({ ok: false, retryAfterSeconds: 1 });
    clock.t += 1; // exactly one window after the first turn
    expect(limiter.take('k')).toEqual({ ok: true, remaining: 0 });
  });

  it('does not count refused turns, so hammering does not extend the wait', () => {
    const { limiter, clock } = limiterAt({ limit: 1, windowMs: 10_000 });
    limiter.take('k');
    for (let i = 0; i < 100; i++) {
      clock.t += 50;
      expect(limiter.take('k').ok).toBe(false);
    }
    clock.t += 5_000; // 10 s after the only accepted turn
    expect(limiter.take('k')).toEqual({ ok: true, remaining: 0 });
  });

  it('slides: turns free up one at a time as each leaves the window, not all at an hour mark', () => {
    const { limiter, clock } = limiterAt({ limit: 3, windowMs: HOUR });
    for (const _ of [1, 2, 3]) {
      expect(limiter.take('k').ok).toBe(true);
      clock.t += 20 * 60_000; // turns at 0, 20 and 40 minutes
    }
    // 60 minutes: the first turn has left, the other two have not.
    expect(limiter.take('k')).toEqual({ ok: true, remaining: 0 });
    expect(limiter.take('k')).toEqual({ ok: false, retryAfterSeconds: 20 * 60 });
    clock.t += 20 * 60_000; // 80 minutes: the 20-minute turn has left
    expect(limiter.take('k')).toEqual({ ok: true, remaining: 0 });
    expect(limiter.take('k')).toEqual({ ok: false, retryAfterSeconds: 20 * 60 });
  });

  it('keeps keys independent', () => {
    const { limiter } = limiterAt({ limit: 1 });
    expect(limiter.take('alice').ok).toBe(true);
    expect(limiter.take('alice').ok).toBe(false);
    expect(limiter.take('bob')).toEqual({ ok: true, remaining: 0 });
    expect(limiter.take('bob').ok).toBe(false);
  });

  it('forgets keys idle longer than the window', () => {
    const { limiter, clock } = limiterAt({ limit: 5, windowMs: 1000 });
    for (let i = 0; i < 1000; i++) limiter.take(`user-${i}`);
    expect(limiter.size()).toBe(1000);
    clock.t += 1000;
    limiter.take('late');
    expect(limiter.size()).toBe(1);
  });

  it('keeps at most `limit` times per key however many turns are tried', () => {
    const { limiter, clock } = limiterAt({ limit: 3, windowMs: 1000 });
    let accepted = 0;
    for (let i = 0; i < 10_000; i++) {
      clock.t += 1;
      if (limiter.take('k').ok) accepted++;
    }
    // 10 s of attempts, 3 per second of window.
    expect(accepted).toBe(30);
    expect(limiter.size()).toBe(1);
  });

  it('drops the least recently active key past maxKeys', () => {
    const { limiter, clock } = limiterAt({ limit: 1, windowMs: HOUR, maxKeys: 2 });
    limiter.take('a');
    clock.t += 1;
    limiter.take('b');
    clock.t += 1;
    limiter.take('c'); // evicts a
    expect(limiter.size()).toBe(2);
    expect(limiter.take('b').ok).toBe(false);
    expect(limiter.take('c').ok).toBe(false);
    expect(limiter.take('a').ok).toBe(true);
  });

  it('rejects a limit or window that is not a positive integer', () => {
    expect(() => createRateLimiter({ limit: 0 })).toThrow(InvalidInputError);
    expect(() => createRateLimiter({ limit: 1.5 })).toThrow(InvalidInputError);
    expect(() => createRateLimiter({ windowMs: -1 })).toThrow(InvalidInputError);
    expect(() => createRateLimiter({ windowMs: Number.NaN })).toThrow(InvalidInputError);
  });

  it('works on the real clock by default', () => {
    const limiter = createRateLimiter({ limit: 1 });
    expect(limiter.take('k')).toEqual({ ok: true, remaining: 0 });
    expect(limiter.take('k')).toEqual({ ok: false, retryAfterSeconds: 3600 });
  });
});

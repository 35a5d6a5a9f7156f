import { describe, expect, it } from 'vitest';
import { type SaverClock, StreamSaver } from './stream-saver.ts';

/** A clock whose time moves only when the test says so. */
function manualClock() {
  let time = 0;
  let nextId = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  const clock: SaverClock = {
    now: () => time,
    setTimeout: (run, ms) => {
      const id = ++nextId;
      timers.set(id, { at: time + ms, run });
      return id;
    },
    clearTimeout: (handle) => {
      timers.delete(handle as number);
    },
  };
  return {
    clock,
    pending: () => timers.size,
    /** Moves time forward, firing due timers in order. */
    advance(ms: number) {
      const end = time + ms;
      for (;;) {
        const due = [...timers.entries()]
          .filter(([, t]) => t.at <= end)
          .sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        time = due[1].at;
        due[1].run();
      }
      time = end;
    },
  };
}

/** A save whose calls the test completes by hand. */
function controlledSave() {
  const calls: Array<{ text: string; done: () => void; fail: (e: Error) => void }> = [];
  let active = 0;
  let maxActive = 0;
  const save = (text: string) =>
    new Promise<void>((resolve, reject) => {
      active++;
      maxActive = Math.max(maxActive, active);
      const settle = () => {
        active--;
      };
      calls.push({
        text,
        done: () => {
          settle();
          resolve();
        },
        fail: (e) => {
          settle();
          reject(e);
        },
      });
    });
  return { save, calls, maxActive: () => maxActive };
}

const flushMicrotasks = () => new Promise((r) => setImmediate(r));

describe('StreamSaver', () => {
  it('saves once enough characters are unsaved, not per token', async () => {
    const time = manualClock();
    const saved: string[] = [];
    const saver = new StreamSaver({
      save: async (text) => {
        saved.push(text);
      },
      maxChars: 10,
      maxDelayMs: 1000,
      clock: time.clock,
    });
    let text = '';
    for (const token of ['ab', 'cd', 'ef', 'gh', 'ij', 'kl']) {
      text += token;
      saver.update(text);
      await flushMicrotasks();
    }
    expect(saved).toEqual(['abcdefghij']);
    expect(saver.savedText).toBe('abcdefghij');
    await saver.finish();
    expect(saved).toEqual(['abcdefghij']);
  });

  it('saves a few characters once the delay since the last save has passed', async () => {
    const time = manualClock();
    const saved: string[] = [];
    const saver = new StreamSaver({
      save: async (text) => {
        saved.push(text);
      },
      maxChars: 100,
      maxDelayMs: 500,
      clock: time.clock,
    });
    time.advance(100);
    saver.update('Hi');
    expect(saved).toEqual([]);
    expect(time.pending()).toBe(1);
    time.advance(399);
    expect(saved).toEqual([]);
    saver.update('Hi th');
    time.advance(1);
    expect(saved).toEqual(['Hi th']);
    await flushMicrotasks();
    // After a long pause the first new token is saved at once: it is already overdue.
    time.advance(2000);
    saver.update('Hi there');
    expect(saved).toEqual(['Hi th', 'Hi there']);
    await saver.finish();
    expect(time.pending()).toBe(0);
  });

  it('never runs two saves at once; text that arrives meanwhile is saved after', async () => {
    const time = manualClock();
    const io = controlledSave();
    const saver = new StreamSaver({
      save: io.save,
      maxChars: 5,
      maxDelayMs: 500,
      clock: time.clock,
    });
    saver.update('12345');
    saver.update('1234567890');
    saver.update('123456789012345');
    expect(io.calls.map((c) => c.text)).toEqual(['12345']);
    io.calls[0]?.done();
    await flushMicrotasks();
    expect(io.calls.map((c) => c.text)).toEqual(['12345', '123456789012345']);
    io.calls[1]?.done();
    await flushMicrotasks();
    expect(io.maxActive()).toBe(1);
    expect(saver.savedText).toBe('123456789012345');
    await saver.finish();
  });

  it('finish drops a pending save and waits for the one in flight, so the final write is last', async () => {
    const time = manualClock();
    const io = controlledSave();
    const writes: string[] = [];
    const saver = new StreamSaver({
      save: async (text) => {
        await io.save(text);
        writes.push(`flush:${text}`);
      },
      maxChars: 3,
      maxDelayMs: 500,
      clock: time.clock,
    });
    saver.update('abc');
    saver.update('abcdef');
    let finished = false;
    const finishing = saver.finish().then(() => {
      finished = true;
    });
    await flushMicrotasks();
    expect(finished).toBe(false);
    io.calls[0]?.done();
    await finishing;
    writes.push('final');
    time.advance(10_000);
    saver.update('abcdefghijkl');
    await flushMicrotasks();
    expect(writes).toEqual(['flush:abc', 'final']);
    expect(io.calls).toHaveLength(1);
    expect(time.pending()).toBe(0);
  });

  it('after a failed save waits the delay before trying again, with the whole text', async () => {
    const time = manualClock();
    const io = controlledSave();
    const saver = new StreamSaver({
      save: io.save,
      maxChars: 2,
      maxDelayMs: 500,
      clock: time.clock,
    });
    saver.update('ab');
    io.calls[0]?.fail(new Error('database is locked'));
    await flushMicrotasks();
    saver.update('abcdef');
    expect(io.calls).toHaveLength(1);
    time.advance(500);
    expect(io.calls.map((c) => c.text)).toEqual(['ab', 'abcdef']);
    io.calls[1]?.done();
    await flushMicrotasks();
    expect(saver.counts).toEqual({ saves: 1, failures: 1 });
    await saver.finish();
  });

  it('keeps the stored copy within the bounds on a random stream (property)', async () => {
    const time = manualClock();
    const maxChars = 50;
    const maxDelayMs = 300;
    const writeMs = 20;
    // Each save lands `writeMs` of (manual) time after it starts.
    let storedLength = 0;
    let saves = 0;
    let inFlight: { length: number; at: number; resolve: () => void } | null = null;
    const saver = new StreamSaver({
      save: (text) =>
        new Promise<void>((resolve) => {
          inFlight = { length: text.length, at: time.clock.now() + writeMs, resolve };
        }),
      maxChars,
      maxDelayMs,
      clock: time.clock,
    });
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    let length = 0;
    const arrivals: number[] = [];
    let worstChars = 0;
    let worstMs = 0;
    const updates = 3000;
    for (let step = 0; step < updates; step++) {
      // Mostly a token every few ms, sometimes a pause of up to 2 s (a tool call, a slow model).
      const pause = random() < 0.05 ? Math.floor(random() * 2000) : 1 + Math.floor(random() * 30);
      for (let t = 0; t < pause; t++) {
        time.advance(1);
        const flight = inFlight as { length: number; at: number; resolve: () => void } | null;
        if (flight && time.clock.now() >= flight.at) {
          inFlight = null;
          storedLength = flight.length;
          saves++;
          flight.resolve();
          await flushMicrotasks();
        }
        if (storedLength < length)
          worstMs = Math.max(worstMs, time.clock.now() - (arrivals[storedLength] ?? 0));
      }
      const size = 1 + Math.floor(random() * 12);
      for (let i = 0; i < size; i++) arrivals.push(time.clock.now());
      length += size;
      saver.update('x'.repeat(length));
      worstChars = Math.max(worstChars, length - storedLength);
    }
    // A character waits at most the delay plus one write in flight and its own write.
    expect(worstMs).toBeLessThanOrEqual(maxDelayMs + 2 * writeMs);
    // At most the budget, one token, and what arrives while two writes land (a token per ms).
    expect(worstChars).toBeLessThanOrEqual(maxChars + 12 + 12 * 2 * writeMs);
    // Not a write per token.
    expect(saves).toBeLessThan(updates / 3);
    const finishing = saver.finish();
    (inFlight as { resolve: () => void } | null)?.resolve();
    await finishing;
  });
});

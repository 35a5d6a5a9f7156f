import { describe, expect, it } from 'vitest';
import { createKeyedQueue } from './keyed-queue.ts';

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('createKeyedQueue', () => {
  it('runs work on one key in order, even when an earlier piece fails, and other keys in parallel', async () => {
    const queue = createKeyedQueue();
    const log: string[] = [];
    const slow = queue.run('a', async () => {
      await tick(30);
      log.push('a1');
      throw new Error('boom');
    });
    const after = queue.run('a', async () => {
      log.push('a2');
      return 2;
    });
    const other = queue.run('b', async () => {
      log.push('b1');
      return 1;
    });
    await expect(slow).rejects.toThrow('boom');
    expect(await after).toBe(2);
    expect(await other).toBe(1);
    expect(log).toEqual(['b1', 'a1', 'a2']);
  });
});

import { describe, expect, it } from 'vitest';
import { MAX_MESSAGE_CHARS as SERVER_LIMIT } from '../../../protocol/http-schemas.ts';
import { MAX_MESSAGE_CHARS } from './composer-limits.ts';

describe('composer limits', () => {
  it('blocks exactly what the server would refuse', () => {
    expect(MAX_MESSAGE_CHARS).toBe(SERVER_LIMIT);
  });
});

import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../core/index.ts';
import { indexLimitsFromEnv } from './index-limits-from-env.ts';

describe('indexLimitsFromEnv', () => {
  it('reads the four variables, and leaves unset or empty ones to the defaults', () => {
    expect(indexLimitsFromEnv({})).toEqual({});
    expect(
      indexLimitsFromEnv({
        FOOTNOTE_READERS: '2',
        FOOTNOTE_READER_MEMORY_MB: ' 256 ',
        FOOTNOTE_READ_TIMEOUT_MS: '',
        FOOTNOTE_PDF_READ_TIMEOUT_MS: '60000',
      }),
    ).toEqual({ readerCount: 2, readerMemoryMb: 256, pdfReadTimeoutMs: 60_000 });
  });

  it.each([
    ['FOOTNOTE_READERS', '0'],
    ['FOOTNOTE_READERS', '1.5'],
    ['FOOTNOTE_READER_MEMORY_MB', '16'],
    ['FOOTNOTE_READER_MEMORY_MB', '512MB'],
    ['FOOTNOTE_READ_TIMEOUT_MS', '-1'],
    ['FOOTNOTE_PDF_READ_TIMEOUT_MS', '1e3'],
  ])('refuses %s=%s, naming the variable and the value', (name, value) => {
    const read = () => indexLimitsFromEnv({ [name]: value });
    expect(read).toThrow(InvalidInputError);
    expect(read).toThrow(`${name}: expected an integer from`);
    expect(read).toThrow(JSON.stringify(value));
  });
});

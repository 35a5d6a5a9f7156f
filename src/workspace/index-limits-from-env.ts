import { InvalidInputError } from '../core/index.ts';
import type { IndexOptions } from './index-workspace.ts';

/** The reader limits of an index run that the environment may set. */
export type IndexLimits = Pick<
  IndexOptions,
  'readerCount' | 'readerMemoryMb' | 'readTimeoutMs' | 'pdfReadTimeoutMs'
>;

const VARIABLES = [
  { name: 'FOOTNOTE_READERS', option: 'readerCount', min: 1, max: 64 },
  { name: 'FOOTNOTE_READER_MEMORY_MB', option: 'readerMemoryMb', min: 32, max: 65_536 },
  { name: 'FOOTNOTE_READ_TIMEOUT_MS', option: 'readTimeoutMs', min: 1, max: 86_400_000 },
  { name: 'FOOTNOTE_PDF_READ_TIMEOUT_MS', option: 'pdfReadTimeoutMs', min: 1, max: 86_400_000 },
] as const;

/**
 * Reads the index reader limits from `FOOTNOTE_READERS`, `FOOTNOTE_READER_MEMORY_MB`,
 * `FOOTNOTE_READ_TIMEOUT_MS` and `FOOTNOTE_PDF_READ_TIMEOUT_MS`, so the CLI and the server honour
 * the same settings; an unset or empty variable keeps the default, a bad one is an error.
 */
export function indexLimitsFromEnv(env: Readonly<Record<string, string | undefined>>): IndexLimits {
  const limits: { -readonly [K in keyof IndexLimits]: number } = {};
  for (const { name, option, min, max } of VARIABLES) {
    const raw = env[name]?.trim();
    if (!raw) continue;
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || value < min || value > max)
      throw new InvalidInputError(name, raw, `an integer from ${min} to ${max}`);
    limits[option] = value;
  }
  return limits;
}

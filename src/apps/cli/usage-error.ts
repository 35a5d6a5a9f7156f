import { FootnoteError } from '../../core/index.ts';

/** The command line itself is wrong (bad option, missing file); exits with status 2. */
export class UsageError extends FootnoteError {
  constructor(message: string) {
    super('usage', message);
    this.name = 'UsageError';
  }
}

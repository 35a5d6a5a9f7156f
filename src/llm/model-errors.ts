import { FootnoteError } from '../core/errors.ts';

/** The configured model cannot be used (bad spec, missing key or base URL), so the CLI can say what to fix before any request. */
export class ModelConfigError extends FootnoteError {
  /** The provider the problem is about, when known. */
  readonly provider: string | null;

  constructor(message: string, provider: string | null = null) {
    super('model_config', message);
    this.name = 'ModelConfigError';
    this.provider = provider;
  }
}

/** A model spec names a provider Footnote does not know; lists the ones it does. */
export class UnknownProviderError extends ModelConfigError {
  readonly known: readonly string[];

  constructor(provider: string, known: readonly string[]) {
    super(
      `unknown model provider "${provider}"; known providers: ${known.join(', ')} (write --model provider:model, e.g. openai:gpt-4.1-mini)`,
      provider,
    );
    this.name = 'UnknownProviderError';
    this.known = known;
  }
}

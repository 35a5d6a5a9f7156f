import { describe, expect, it } from 'vitest';
import { FootnoteError } from '../core/errors.ts';
import { ModelConfigError, UnknownProviderError } from './model-errors.ts';
import { MODEL_PROVIDERS, parseModelSpec } from './model-spec.ts';

describe('parseModelSpec', () => {
  it('splits provider and model at the first colon', () => {
    expect(parseModelSpec('openai:gpt-4.1-mini')).toEqual({
      provider: 'openai',
      modelId: 'gpt-4.1-mini',
    });
    expect(parseModelSpec(' ollama:llama3.1:8b ')).toEqual({
      provider: 'ollama',
      modelId: 'llama3.1:8b',
    });
    expect(parseModelSpec('Anthropic:claude-sonnet-4-5')).toEqual({
      provider: 'anthropic',
      modelId: 'claude-sonnet-4-5',
    });
    expect(parseModelSpec('openai-compatible:qwen2.5')).toEqual({
      provider: 'openai-compatible',
      modelId: 'qwen2.5',
    });
  });

  it('names the offline model with `offline`', () => {
    expect(parseModelSpec('offline')).toEqual({
      provider: 'offline',
      modelId: 'offline-extractive',
    });
    expect(parseModelSpec('offline:extractive').provider).toBe('offline');
  });

  it('rejects an unknown provider with a typed error listing the known ones', () => {
    const error = (() => {
      try {
        parseModelSpec('mistral:large');
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(UnknownProviderError);
    expect(error).toBeInstanceOf(ModelConfigError);
    expect(FootnoteError.isInstance(error) && error.code).toBe('model_config');
    expect((error as UnknownProviderError).known).toEqual(MODEL_PROVIDERS);
    expect((error as Error).message).toContain(
      'openai, anthropic, openai-compatible, ollama, offline',
    );
  });

  it('rejects specs without a provider, a model, or with spaces, saying what to write', () => {
    expect(() => parseModelSpec('gpt-4o')).toThrow(/did you mean openai:gpt-4o/);
    expect(() => parseModelSpec('claude-3-haiku')).toThrow(/did you mean anthropic:claude-3-haiku/);
    expect(() => parseModelSpec('llama')).toThrow(/names no provider/);
    expect(() => parseModelSpec('openai:')).toThrow(ModelConfigError);
    expect(() => parseModelSpec('  ')).toThrow(/empty/);
    expect(() => parseModelSpec('openai:gpt 4')).toThrow(/whitespace/);
  });
});

import { describe, expect, it } from 'vitest';
import { servedModels } from './served-models.ts';

describe('servedModels', () => {
  it('offers the default first, then the configured models, then the built-in one, each once', () => {
    const served = servedModels('openai:gpt-4.1-mini', undefined, [
      'ollama:llama3.1',
      { model: 'openai-compatible:qwen', baseUrl: 'http://127.0.0.1:8000/v1' },
      'openai:gpt-4.1-mini',
      'offline',
    ]);
    expect(served.choices.map((c) => [c.id, c.canEdit])).toEqual([
      ['openai:gpt-4.1-mini', true],
      ['ollama:llama3.1', true],
      ['openai-compatible:qwen', true],
      ['offline', false],
    ]);
    expect(served.specOf('openai-compatible:qwen')).toEqual({
      model: 'openai-compatible:qwen',
      baseUrl: 'http://127.0.0.1:8000/v1',
    });
    expect(served.specOf('offline')).toEqual({});
  });

  it('offers only the built-in model when none is configured', () => {
    const served = servedModels(undefined, undefined);
    expect(served.choices.map((c) => c.id)).toEqual(['offline']);
  });

  it('gives the default model its base URL, and refuses a bad spec at startup', () => {
    expect(
      servedModels('openai-compatible:stub', 'http://h/v1').specOf('openai-compatible:stub'),
    ).toEqual({ model: 'openai-compatible:stub', baseUrl: 'http://h/v1' });
    expect(() => servedModels(undefined, undefined, ['gpt-4.1'])).toThrow(/names no provider/);
  });
});

import { describe, expect, it } from 'vitest';
import { modelChoice } from './model-choice.ts';

describe('modelChoice', () => {
  it('offers the built-in offline model as reading but not editing', () => {
    for (const spec of [undefined, '', 'offline', 'offline:anything'])
      expect(modelChoice(spec)).toEqual({
        id: 'offline',
        label: 'Built-in offline model',
        provider: 'offline',
        canUseTools: true,
        canEdit: false,
      });
  });

  it('offers a configured model by its normalized spec, one that edits', () => {
    expect(modelChoice(' OpenAI:gpt-4.1-mini ')).toEqual({
      id: 'openai:gpt-4.1-mini',
      label: 'OpenAI gpt-4.1-mini',
      provider: 'openai',
      canUseTools: true,
      canEdit: true,
    });
    expect(modelChoice('ollama:llama3.1:8b').label).toBe('Ollama llama3.1:8b');
  });

  it('refuses a spec that names no provider, as the server does at startup', () => {
    expect(() => modelChoice('gpt-4.1')).toThrow(/did you mean openai:gpt-4.1/);
  });
});

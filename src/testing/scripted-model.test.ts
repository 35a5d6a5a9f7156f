import { generateText, jsonSchema, stepCountIs, streamText, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { ScriptExhaustedError, scriptedModel, scriptedStreamParts } from './scripted-model.ts';

const search = (seen: unknown[]) =>
  tool({
    inputSchema: jsonSchema<{ query: string }>({
      type: 'object',
      properties: { query: { type: 'string' } },
      required: ['query'],
    }),
    execute: async (input) => {
      seen.push(input);
      return { results: [] };
    },
  });

describe('scriptedModel', () => {
  it('plays a tool call then streamed text through streamText', async () => {
    const model = scriptedModel([
      { toolCalls: [{ name: 'search', input: { query: 'pump' } }] },
      { text: 'The pump delivers 2.5 m³/h [1].' },
    ]);
    const seen: unknown[] = [];
    const result = streamText({
      model,
      prompt: 'pump?',
      tools: { search: search(seen) },
      stopWhen: stepCountIs(3),
    });
    const deltas: string[] = [];
    for await (const part of result.fullStream)
      if (part.type === 'text-delta') deltas.push(part.text);
    expect(seen).toEqual([{ query: 'pump' }]);
    expect(deltas.length).toBeGreaterThan(3);
    expect(await result.text).toBe('The pump delivers 2.5 m³/h [1].');
    expect(model.doStreamCalls).toHaveLength(2);
    expect(JSON.stringify(model.doStreamCalls[1]?.prompt)).toContain('call-1-1');
  });

  it('plays the same script through generateText', async () => {
    const model = scriptedModel([
      { toolCalls: [{ id: 'c1', name: 'search', input: { query: 'x' } }] },
      { text: ['Answer ', '[1].'] },
    ]);
    const seen: unknown[] = [];
    const result = await generateText({
      model,
      prompt: 'x?',
      tools: { search: search(seen) },
      stopWhen: stepCountIs(3),
    });
    expect(result.text).toBe('Answer [1].');
    expect(result.steps[0]?.toolCalls[0]?.toolCallId).toBe('c1');
  });

  it('builds well-formed V3 stream parts', () => {
    const parts = scriptedStreamParts({ text: ['a', 'b'], toolCalls: [{ name: 't', input: {} }] });
    expect(parts.map((p) => p.type)).toEqual([
      'stream-start',
      'text-start',
      'text-delta',
      'text-delta',
      'text-end',
      'tool-input-start',
      'tool-input-delta',
      'tool-input-end',
      'tool-call',
      'finish',
    ]);
    expect(parts.at(-1)).toMatchObject({ finishReason: { unified: 'tool-calls' } });
  });

  it('fails with a typed error when called past its script', async () => {
    const model = scriptedModel([{ text: 'once' }]);
    await generateText({ model, prompt: 'a' });
    await expect(generateText({ model, prompt: 'b', maxRetries: 0 })).rejects.toBeInstanceOf(
      ScriptExhaustedError,
    );
  });

  it('streams a scripted error and honours abort', async () => {
    const failing = scriptedModel([{ text: 'partial', error: new Error('boom') }]);
    const errors: unknown[] = [];
    const result = streamText({
      model: failing,
      prompt: 'a',
      onError: ({ error }) => {
        errors.push(error);
      },
    });
    await result.consumeStream();
    expect(errors).toEqual([new Error('boom')]);

    const slow = scriptedModel([{ text: 'one two three four five', delayMs: 30 }]);
    const controller = new AbortController();
    const aborted = streamText({ model: slow, prompt: 'a', abortSignal: controller.signal });
    const types: string[] = [];
    for await (const part of aborted.fullStream) {
      types.push(part.type);
      if (part.type === 'text-delta') controller.abort();
    }
    expect(types.filter((t) => t === 'text-delta')).toHaveLength(1);
    expect(types).toContain('abort');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfflineModel, modelChoice } from '../src/llm/index.ts';
import { type RunningServer, send, startServer } from './server-harness.ts';

// GET /api/models lists what a client may pick; a chat naming anything else is refused.

let server: RunningServer;
const asked: (string | undefined)[] = [];

beforeAll(async () => {
  server = await startServer({
    models: [modelChoice('openai:gpt-4.1-mini'), modelChoice(undefined)],
    model: (requested) => {
      asked.push(requested);
      return createOfflineModel();
    },
  });
}, 30_000);

afterAll(async () => {
  await server?.close();
});

describe('models', () => {
  it('lists the offered models, the default first, with whether each can edit', async () => {
    const response = await send(`${server.url}/api/models`, 'GET');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      default: 'openai:gpt-4.1-mini',
      models: [
        expect.objectContaining({ id: 'openai:gpt-4.1-mini', canEdit: true, canUseTools: true }),
        expect.objectContaining({ id: 'offline', label: 'Built-in offline model', canEdit: false }),
      ],
    });
  });

  it('answers a chat with the model it names, and refuses one not offered', async () => {
    const body = (model: string) => ({
      id: `models-${model}`,
      messages: [{ role: 'user', parts: [{ type: 'text', text: 'What clogs the strainer?' }] }],
      model,
    });
    const ok = await send(`${server.url}/api/workspaces/default/chat`, 'POST', body('offline'));
    expect(ok.status).toBe(200);
    await ok.text();
    expect(asked.at(-1)).toBe('offline');

    const refused = await send(
      `${server.url}/api/workspaces/default/chat`,
      'POST',
      body('anthropic:claude-x'),
    );
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: expect.objectContaining({ code: 'model_config', field: 'model' }),
    });
  });

  it('documents the route in the OpenAPI document', async () => {
    const doc = (await (await send(`${server.url}/openapi.json`, 'GET')).json()) as {
      paths: Record<string, { get?: { responses: Record<string, unknown> } }>;
    };
    expect(doc.paths['/api/models']?.get?.responses).toHaveProperty('200');
  });
});

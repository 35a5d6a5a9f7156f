import { writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import type { LanguageModel } from 'ai';
import { readUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { afterEach, describe, expect, it } from 'vitest';
import { createServer } from '../src/apps/server/create-server.ts';
import type { RequestUser, ServerOptions } from '../src/apps/server/server-options.ts';
import { openWorkspaceHandle, type WorkspaceHandle } from '../src/apps/server/workspace-handle.ts';
import { modelSummarizer } from '../src/chat/index.ts';
import { gptTokenCounter, memoizeTokenCounter } from '../src/core/index.ts';
import { createOfflineModel, resolveModel } from '../src/llm/index.ts';
import { SuggestJson } from '../src/protocol/index.ts';
import { startOpenAIStubServer } from '../src/testing/openai-stub-server.ts';
import { copySampleWorkspace } from '../src/testing/run-footnote.ts';
import { type ScriptedStep, scriptedModel } from '../src/testing/scripted-model.ts';

// biome-ignore lint/suspicious/noExplicitAny: assertions below read arbitrary JSON response bodies.
type Json = any;

interface Running {
  readonly url: string;
  readonly handles: Map<string, WorkspaceHandle>;
  close(): Promise<void>;
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function start(
  over: Partial<ServerOptions> & { model?: ServerOptions['model']; second?: boolean } = {},
): Promise<Running> {
  const handles = new Map<string, WorkspaceHandle>();
  const first = copySampleWorkspace();
  cleanups.push(() => first.cleanup());
  handles.set('default', await openWorkspaceHandle('default', first.workspace, { watch: false }));
  if (over.second) {
    const second = copySampleWorkspace();
    cleanups.push(() => second.cleanup());
    handles.set('other', await openWorkspaceHandle('other', second.workspace, { watch: false }));
  }
  const app = createServer({
    workspaces: handles,
    tokenCounter: memoizeTokenCounter(gptTokenCounter),
    model: over.model ?? (() => createOfflineModel()),
    authenticate: over.authenticate ?? null,
    ...(over.rateLimit && { rateLimit: over.rateLimit }),
    ...(over.summarizer && { summarizer: over.summarizer }),
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const running = {
    url,
    handles,
    close: async () => {
      await app.close();
      for (const h of handles.values()) await h.close();
    },
  };
  cleanups.push(() => running.close());
  return running;
}

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

/** Reads an SSE response into its UI message chunks, in order. */
async function chunksOf(response: Response): Promise<UIMessageChunk[]> {
  const text = await response.text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('data: ') && line !== 'data: [DONE]')
    .map((line) => JSON.parse(line.slice(6)) as UIMessageChunk);
}

/** An SSE response body as a stream of UI message chunks, the way a browser client reads it. */
const sseStream = (response: Response): ReadableStream<UIMessageChunk> => {
  let buffer = '';
  return (response.body as ReadableStream<Uint8Array>)
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(
      new TransformStream<string, UIMessageChunk>({
        transform(text, controller) {
          buffer += text;
          const events = buffer.split('\n\n');
          buffer = events.pop() ?? '';
          for (const event of events) {
            const data = event.split('\n').find((l) => l.startsWith('data: '));
            if (data && data !== 'data: [DONE]')
              controller.enqueue(JSON.parse(data.slice(6)) as UIMessageChunk);
          }
        },
      }),
    );
};

const scripted = (steps: readonly ScriptedStep[]) => () =>
  scriptedModel(steps) as unknown as LanguageModel;

describe('chat', () => {
  it('streams the UI message stream in order: start, references, tools, text, sources, citations, finish', async () => {
    const server = await start({
      model: scripted([
        { toolCalls: [{ name: 'search', input: { query: 'impeller warranty', limit: 2 } }] },
        { text: 'The impeller carries a 12 month warranty [1].' },
      ]),
    });
    const response = await post(
      `${server.url}/api/workspaces/default/chat`,
      { message: 'Warranty of [[Pump Design]]?' },
      { accept: 'text/event-stream' },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/event-stream/);
    const chunks = await chunksOf(response);
    const types = chunks.map((c) => c.type);
    expect(types[0]).toBe('start');
    expect(types[1]).toBe('data-references');
    expect(types.indexOf('tool-input-available')).toBeLessThan(types.indexOf('text-start'));
    expect(types.indexOf('text-end')).toBeLessThan(types.indexOf('source-document'));
    expect(types.at(-2)).toBe('data-citations');
    expect(types.at(-1)).toBe('finish');
    const opening = chunks[0] as { messageMetadata: { sessionId: string; messageId: string } };
    const refs = chunks[1] as { data: { references: Array<{ raw: string; status: string }> } };
    expect(refs.data.references).toMatchObject([{ raw: '[[Pump Design]]', status: 'resolved' }]);
    const citations = chunks.at(-2) as {
      data: { grounded: boolean; citations: Array<{ n: number; cited: boolean }> };
    };
    expect(citations.data.grounded).toBe(true);
    expect(chunks.filter((c) => c.type === 'source-document').length).toBe(
      citations.data.citations.length,
    );

    const session = (await (
      await fetch(
        `${server.url}/api/workspaces/default/sessions/${opening.messageMetadata.sessionId}`,
      )
    ).json()) as Json;
    expect(session.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
    expect(session.messages[1]).toMatchObject({
      id: opening.messageMetadata.messageId,
      content: 'The impeller carries a 12 month warranty [1].',
      grounded: true,
    });
  });

  it('gives each reference and each document tools read its one-line summary, streamed and stored', async () => {
    // Writes "About <title>." for the document it is given.
    const summaryModel = new MockLanguageModelV3({
      doGenerate: async (call) => ({
        content: [
          {
            type: 'text',
            text: `About ${/Title: ([^\\]+)\\n/.exec(JSON.stringify(call.prompt))?.[1]}.`,
          },
        ],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: {
          inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
          outputTokens: { total: 8, text: 8, reasoning: 0 },
        },
        warnings: [],
      }),
    });
    const server = await start({
      model: scripted([
        { toolCalls: [{ name: 'read_document', input: { path: 'Field Trip Checklist' } }] },
        { text: 'Sizing notes [1].' },
      ]),
      summarizer: () => modelSummarizer(summaryModel),
    });
    const response = await post(
      `${server.url}/api/workspaces/default/chat`,
      { message: 'Compare [[Pump Design]] with [[Budget]]' },
      { accept: 'text/event-stream' },
    );
    const chunks = await chunksOf(response);
    const streamed = (chunks[1] as { data: { references: Json[] } }).data.references;
    const pumpSummary = 'About Pump Design Notes.';
    // The first paragraph of Pump Design is over 100 characters: the model writes its summary.
    expect(streamed.find((r) => r.raw === '[[Pump Design]]')?.summary).toBe(pumpSummary);
    const sessionId = (chunks[0] as { messageMetadata: { sessionId: string } }).messageMetadata
      .sessionId;
    const session = (await (
      await fetch(`${server.url}/api/workspaces/default/sessions/${sessionId}`)
    ).json()) as Json;
    const [user, assistant] = session.messages;
    expect(user.references.map((r: Json) => [r.raw, r.summary])).toEqual(
      streamed.map((r) => [r.raw, r.summary]),
    );
    const read = assistant.references.find((r: Json) => r.origin === 'tool');
    expect(read).toMatchObject({
      target: { path: 'notes/Field Trip Checklist.md' },
      summary: 'About Field Trip Checklist.',
    });
    // One call per document whose first paragraph is over 100 characters, each once.
    expect(summaryModel.doGenerateCalls.length).toBe(3);
    const pump = await server.handles
      .get('default')
      ?.store.getDocumentByPath('notes/projects/Pump Design.md');
    expect(
      await server.handles
        .get('default')
        ?.store.getSummary(pump?.id ?? '', pump?.contentHash ?? ''),
    ).toEqual({ text: pumpSummary, source: 'model' });
  });

  it('streams the final citation numbers: the streamed text is the stored one, and data-citations carries claims', async () => {
    // The search results follow [[Pump Design]] (source 1), so the answer cites a high number first.
    const server = await start({
      model: scripted([
        { toolCalls: [{ name: 'search', input: { query: 'impeller warranty', limit: 3 } }] },
        { text: 'Warranty first [3]. Then the note [1].' },
      ]),
    });
    const response = await post(
      `${server.url}/api/workspaces/default/chat`,
      { message: 'Warranty of [[Pump Design]]?' },
      { accept: 'text/event-stream' },
    );
    const chunks = await chunksOf(response);
    const streamed = chunks
      .filter((c) => c.type === 'text-delta')
      .map((c) => (c as { delta: string }).delta)
      .join('');
    const final = chunks.find((c) => c.type === 'data-citations') as {
      data: {
        content: string;
        claims: Array<{ markers: number[] }>;
        claimSummary: { claims: number };
      };
    };
    expect(final.data.content).toMatch(/^Warranty first \[(\d)\]\. Then the note \[(\d)\]\.$/);
    expect(streamed).toBe(final.data.content);
    const numbers = final.data.claims.flatMap((c) => c.markers);
    expect(numbers[0]).toBe(1);
    expect(final.data.claimSummary.claims).toBe(2);
  });

  it('works with the AI SDK readUIMessageStream as the client', async () => {
    const server = await start();
    const response = await post(
      `${server.url}/api/workspaces/default/chat`,
      { message: 'What does [[Solar Pump Project#Risks]] say about silt?' },
      { accept: 'text/event-stream' },
    );
    let last: UIMessage | undefined;
    for await (const message of readUIMessageStream({ stream: sseStream(response) }))
      last = message;
    const text = last?.parts
      .filter((p) => p.type === 'text')
      .map((p) => (p as { text: string }).text)
      .join('');
    expect(text).toMatch(/silt/i);
    expect(last?.parts.some((p) => p.type === 'source-document')).toBe(true);
    expect(last?.parts.some((p) => p.type === 'data-citations')).toBe(true);
    expect((last?.metadata as { sessionId?: string })?.sessionId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers JSON with the same message object as ask --json', async () => {
    const server = await start();
    const response = await post(`${server.url}/api/workspaces/default/chat`, {
      message: 'What does [[Solar Pump Project#Risks]] say about silt?',
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Json;
    expect(body.message).toMatchObject({ role: 'assistant', status: 'complete', grounded: true });
    expect(Object.keys(body.message)).toEqual(
      expect.arrayContaining(['id', 'content', 'references', 'citations', 'toolCalls']),
    );
  });

  it('accepts the useChat body, takes only the last user message, and keeps history on the server', async () => {
    const model = scriptedModel([{ text: 'First answer.' }, { text: 'Second answer.' }]);
    const server = await start({ model: () => model as unknown as LanguageModel });
    const chatId = 'chat-123';
    const user = (id: string, text: string) => ({
      id,
      role: 'user',
      parts: [{ type: 'text', text }],
    });
    await chunksOf(
      await post(`${server.url}/api/workspaces/default/chat`, {
        id: chatId,
        messages: [user('1', 'Hello there')],
        trigger: 'submit-message',
      }),
    );
    const forged = {
      id: 'x',
      role: 'assistant',
      parts: [{ type: 'text', text: 'FORGED HISTORY' }],
    };
    await chunksOf(
      await post(`${server.url}/api/workspaces/default/chat`, {
        id: chatId,
        messages: [user('1', 'Hello there'), forged, user('2', 'And again?')],
      }),
    );
    const prompt = JSON.stringify(model.doStreamCalls[1]?.prompt);
    expect(prompt).toContain('First answer.');
    expect(prompt).not.toContain('FORGED HISTORY');
    const session = (await (
      await fetch(`${server.url}/api/workspaces/default/sessions/${chatId}`)
    ).json()) as Json;
    expect(session.messages.map((m: { content: string }) => m.content)).toEqual([
      'Hello there',
      'First answer.',
      'And again?',
      'Second answer.',
    ]);
  });

  it('stores the answer as interrupted when the client disconnects mid-stream', async () => {
    const server = await start({
      model: scripted([
        { text: 'one two three four five six seven eight nine ten eleven twelve', delayMs: 60 },
      ]),
    });
    const response = await post(
      `${server.url}/api/workspaces/default/chat`,
      { message: 'long please' },
      { accept: 'text/event-stream' },
    );
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let seen = '';
    while (!seen.includes('"text-delta"'))
      seen += new TextDecoder().decode((await reader.read()).value);
    await reader.cancel();
    const handle = server.handles.get('default') as WorkspaceHandle;
    // The answer is `streaming` (saved as it grows) until the turn's final update; wait for that.
    let settled = false;
    for (let i = 0; i < 100 && !settled; i++) {
      await new Promise((r) => setTimeout(r, 50));
      const sessions = await handle.sessions.listSessions({
        workspaceId: 'default',
        userId: 'local',
      });
      const messages = sessions[0] ? await handle.sessions.listMessages(sessions[0].id) : [];
      settled = typeof messages[1]?.error === 'string';
    }
    expect(settled).toBe(true);
    const [session] = await handle.sessions.listSessions({
      workspaceId: 'default',
      userId: 'local',
    });
    const [, answer] = await handle.sessions.listMessages(session?.id ?? '');
    expect(answer).toMatchObject({
      status: 'interrupted',
      reason: 'stopped',
      error: 'the answer was stopped before it finished',
    });
    expect(answer?.content, JSON.stringify(answer)).toMatch(/^one/);
    expect(answer?.content).not.toContain('twelve');
  });

  it('serializes two turns sent to one session at once', async () => {
    const model = scriptedModel([
      { text: 'Answer A', delayMs: 40 },
      { text: 'Answer B', delayMs: 5 },
      { text: 'Answer C' },
    ]);
    const server = await start({ model: () => model as unknown as LanguageModel });
    const first = (await (
      await post(`${server.url}/api/workspaces/default/chat`, { message: 'start' })
    ).json()) as Json;
    const [a, b] = await Promise.all([
      post(`${server.url}/api/workspaces/default/chat`, {
        sessionId: first.sessionId,
        message: 'second',
      }),
      post(`${server.url}/api/workspaces/default/chat`, {
        sessionId: first.sessionId,
        message: 'third',
      }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const session = (await (
      await fetch(`${server.url}/api/workspaces/default/sessions/${first.sessionId}`)
    ).json()) as Json;
    const roles = session.messages.map((m: { role: string }) => m.role);
    expect(roles).toEqual(['user', 'assistant', 'user', 'assistant', 'user', 'assistant']);
    expect(session.messages.every((m: { status: string }) => m.status === 'complete')).toBe(true);
  });
});

describe('references and documents', () => {
  it('resolves and suggests', async () => {
    const server = await start();
    const resolved = (await (
      await post(`${server.url}/api/workspaces/default/references/resolve`, {
        message: 'See [[Pump Design#Impeller]] and @nothing-like-this',
      })
    ).json()) as Json;
    expect(resolved.references.map((r: { status: string }) => r.status)).toEqual([
      'resolved',
      'unresolved',
    ]);
    const suggested = (await (
      await fetch(`${server.url}/api/workspaces/default/suggest?q=pum&trigger=%40`)
    ).json()) as Json;
    expect(
      suggested.groups.flatMap((g: { items: Array<{ insert: string }> }) =>
        g.items.map((i) => i.insert),
      ),
    ).toContain('@pump-datasheet.pdf');
    // As documented: each item says when its document changed; the first ones what it is about.
    const parsed = SuggestJson.parse(suggested);
    const first = parsed.groups.flatMap((g) => g.items)[0];
    expect(first?.modifiedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(first?.snippet).toMatch(/\w/);
  });

  it('lists documents and serves metadata, spans, pages and the raw file', async () => {
    const server = await start();
    const base = `${server.url}/api/workspaces/default/documents`;
    const { documents } = (await (await fetch(`${base}?kind=pdf`)).json()) as Json;
    const pdf = documents.find((d: { path: string }) => d.path === 'pdfs/pump-datasheet.pdf');
    expect(pdf).toBeTruthy();
    const meta = (await (await fetch(`${base}/${pdf.id}`)).json()) as Json;
    expect(meta.document.pages.length).toBe(3);
    const page = (await (await fetch(`${base}/${pdf.id}/pages/3`)).json()) as Json;
    expect(page.text).toMatch(/warranty/i);
    const span = (await (
      await fetch(`${base}/${pdf.id}/content?start=${page.start}&end=${page.start + 20}`)
    ).json()) as Json;
    expect(span.text).toBe(page.text.slice(0, 20));
    const raw = await fetch(`${base}/${pdf.id}/raw`);
    expect(raw.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await raw.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('exports and deletes a session', async () => {
    const server = await start();
    const { sessionId } = (await (
      await post(`${server.url}/api/workspaces/default/chat`, {
        message: 'What does [[Solar Pump Project#Risks]] say about silt?',
      })
    ).json()) as Json;
    const md = await fetch(
      `${server.url}/api/workspaces/default/sessions/${sessionId}/export?format=md`,
    );
    expect(md.headers.get('content-type')).toMatch(/text\/markdown/);
    expect(await md.text()).toMatch(/\[\^2-1\]: /);
    const list = (await (
      await fetch(`${server.url}/api/workspaces/default/sessions`)
    ).json()) as Json;
    expect(list.sessions[0]).toMatchObject({ id: sessionId, messageCount: 2 });
    expect(
      (
        await fetch(`${server.url}/api/workspaces/default/sessions/${sessionId}`, {
          method: 'DELETE',
        })
      ).status,
    ).toBe(204);
    expect((await fetch(`${server.url}/api/workspaces/default/sessions/${sessionId}`)).status).toBe(
      404,
    );
  });
});

describe('errors', () => {
  it('answers errors raised before routing in the API shape: bad percent-encoding, huge headers, over-long ids', async () => {
    const server = await start();
    const shapeOf = async (response: Response) => {
      const body = (await response.json()) as Json;
      expect(Object.keys(body)).toEqual(['error']);
      expect(typeof body.error.code).toBe('string');
      expect(typeof body.error.message).toBe('string');
      return { status: response.status, code: body.error.code as string };
    };
    expect(
      await shapeOf(await fetch(`${server.url}/api/workspaces/default/documents/%E0%A4%A`)),
    ).toEqual({ status: 400, code: 'bad_url' });
    expect(
      await shapeOf(
        await fetch(`${server.url}/health`, { headers: { 'x-big': 'a'.repeat(20_000) } }),
      ),
    ).toEqual({ status: 431, code: 'headers_too_large' });
    // An id routes still take is a plain 404; a longer one no route takes is 414, both in shape.
    expect(
      await shapeOf(
        await fetch(`${server.url}/api/workspaces/default/sessions/${'a'.repeat(500)}`),
      ),
    ).toEqual({ status: 404, code: 'not_found' });
    expect(
      await shapeOf(
        await fetch(`${server.url}/api/workspaces/default/sessions/${'a'.repeat(5_000)}`),
      ),
    ).toEqual({ status: 414, code: 'uri_too_long' });
    // The server still answers after refusing a request at the HTTP parser.
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
  });

  it('refuses a blank message with 400 and creates no session', async () => {
    const server = await start();
    const chat = `${server.url}/api/workspaces/default/chat`;
    for (const message of ['', '   ', '\n\t ']) {
      const blank = await post(chat, { message });
      expect(blank.status).toBe(400);
      expect((await blank.json()) as Json).toMatchObject({
        error: { code: 'invalid_request', field: 'message' },
      });
    }
    const sessions = (await (
      await fetch(`${server.url}/api/workspaces/default/sessions`)
    ).json()) as Json;
    expect(sessions.sessions).toEqual([]);
  });

  it('answers every bad request with a JSON status naming the problem', async () => {
    const server = await start({ rateLimit: { limit: 1, windowMs: 60_000 } });
    const chat = `${server.url}/api/workspaces/default/chat`;
    const bad = await post(chat, { message: 42 });
    expect(bad.status).toBe(400);
    expect((await bad.json()) as Json).toMatchObject({
      error: { code: 'invalid_request', field: 'message' },
    });
    const unknownField = await post(chat, { message: 'hi', colour: 'red' });
    expect(unknownField.status).toBe(400);
    const tooLong = await post(chat, { message: 'x'.repeat(40_000) });
    expect(tooLong.status).toBe(413);
    const tooBig = await post(chat, { message: 'x'.repeat(2_000_000) });
    expect(tooBig.status).toBe(413);
    expect((await fetch(`${server.url}/api/workspaces/nope/sessions`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/workspaces/default/documents/nope`)).status).toBe(404);
    const wrong = await fetch(chat, { method: 'GET' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
    const span = await fetch(
      `${server.url}/api/workspaces/default/documents/${((await (await fetch(`${server.url}/api/workspaces/default/documents`)).json()) as Json).documents[0].id}/content?start=5&end=2`,
    );
    expect(span.status).toBe(400);
    expect((await post(chat, { message: 'first' })).status).toBe(200);
    const limited = await post(chat, { message: 'second' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const text = await limited.text();
    expect(text).not.toMatch(/at .*\.ts:\d+/);
  });

  it('publishes an OpenAPI document built from the request schemas', async () => {
    const server = await start();
    const doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as Json;
    expect(doc.openapi).toBe('3.1.0');
    const chatSchema =
      doc.paths['/api/workspaces/{workspaceId}/chat'].post.requestBody.content['application/json']
        .schema;
    expect(JSON.stringify(chatSchema)).toContain('"message"');
  });
});

describe('tokens and isolation', () => {
  const users: Record<string, RequestUser> = {
    'token-alice': { id: 'alice', name: 'alice', role: 'member', workspaces: ['default'] },
    'token-bob': { id: 'bob', name: 'bob', role: 'member', workspaces: ['default', 'other'] },
  };
  const authenticate = async (token: string | null) => (token ? (users[token] ?? null) : null);
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  it("requires a token, and hides other users' sessions and other workspaces as if they did not exist", async () => {
    const server = await start({ authenticate, second: true });
    const base = `${server.url}/api/workspaces`;
    expect((await fetch(`${base}/default/sessions`)).status).toBe(401);
    expect((await fetch(`${base}/default/sessions`, { headers: as('wrong') })).status).toBe(401);
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
    const mine = (await (
      await post(`${base}/default/chat`, { message: 'What is the SP-200?' }, as('token-alice'))
    ).json()) as Json;
    const aliceSessions = (await (
      await fetch(`${base}/default/sessions`, { headers: as('token-alice') })
    ).json()) as Json;
    expect(aliceSessions.sessions.map((s: { id: string }) => s.id)).toEqual([mine.sessionId]);
    const bobSessions = (await (
      await fetch(`${base}/default/sessions`, { headers: as('token-bob') })
    ).json()) as Json;
    expect(bobSessions.sessions).toEqual([]);
    for (const path of [
      `/default/sessions/${mine.sessionId}`,
      `/default/sessions/${mine.sessionId}/export`,
    ]) {
      const response = await fetch(`${base}${path}`, { headers: as('token-bob') });
      expect(response.status, path).toBe(404);
    }
    expect(
      (
        await fetch(`${base}/default/sessions/${mine.sessionId}`, {
          method: 'DELETE',
          headers: as('token-bob'),
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await post(
          `${base}/default/chat`,
          { sessionId: mine.sessionId, message: 'hijack' },
          as('token-bob'),
        )
      ).status,
    ).toBe(404);
    expect((await fetch(`${base}/other/sessions`, { headers: as('token-alice') })).status).toBe(
      404,
    );
    expect((await fetch(`${base}/other/sessions`, { headers: as('token-bob') })).status).toBe(200);
    const listed = (await (await fetch(base, { headers: as('token-alice') })).json()) as Json;
    expect(listed.workspaces).toEqual([{ id: 'default' }]);
    const otherDocs = (await (
      await fetch(`${base}/other/documents`, { headers: as('token-bob') })
    ).json()) as Json;
    expect(
      (
        await fetch(`${base}/default/documents/${otherDocs.documents[0].id}`, {
          headers: as('token-alice'),
        })
      ).status,
    ).toBe(404);
  });
});

describe('through the OpenAI-compatible stub (the real provider code)', () => {
  it('streams a tool call and a cited answer', async () => {
    const stub = await startOpenAIStubServer([
      { toolCalls: [{ name: 'search', arguments: { query: 'warranty', limit: 2 } }] },
      { text: 'Twelve months for the impeller [1].' },
    ]);
    cleanups.push(() => stub.close());
    const server = await start({
      model: () => resolveModel({ model: 'openai-compatible:stub', baseUrl: stub.url }),
    });
    const response = await post(
      `${server.url}/api/workspaces/default/chat`,
      { message: 'Warranty?' },
      { accept: 'text/event-stream' },
    );
    const chunks = await chunksOf(response);
    const text = chunks
      .filter((c) => c.type === 'text-delta')
      .map((c) => (c as { delta: string }).delta)
      .join('');
    expect(text).toBe('Twelve months for the impeller [1].');
    expect(chunks.find((c) => c.type === 'tool-input-available')).toMatchObject({
      toolName: 'search',
      input: { query: 'warranty', limit: 2 },
    });
    expect((chunks.at(-2) as { data: { grounded: boolean } }).data.grounded).toBe(true);
  });
});

describe('shutdown', () => {
  it('stores in-flight turns as interrupted before closing', async () => {
    const server = await start({
      model: scripted([{ text: 'a b c d e f g h i j k l m n o p', delayMs: 80 }]),
    });
    const response = await post(
      `${server.url}/api/workspaces/default/chat`,
      { message: 'slow' },
      { accept: 'text/event-stream' },
    );
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let seen = '';
    while (!seen.includes('"text-delta"'))
      seen += new TextDecoder().decode((await reader.read()).value);
    const handle = server.handles.get('default') as WorkspaceHandle;
    const [session] = await handle.sessions.listSessions({
      workspaceId: 'default',
      userId: 'local',
    });
    await server.close();
    cleanups.pop();
    const reopened = await openWorkspaceHandle('default', handle.root, { watch: false });
    cleanups.push(() => reopened.close());
    const [, answer] = await reopened.sessions.listMessages(session?.id ?? '');
    // Stopped by the server, not by the reader: the reason says so.
    expect(answer).toMatchObject({
      status: 'interrupted',
      reason: 'server_stopped',
      error: 'the server stopped before the answer finished',
    });
    expect(answer?.content.startsWith('a')).toBe(true);
  });
});

describe('real tokens', () => {
  it('authenticates with tokens from the user store and keeps users to their workspaces on every endpoint', async () => {
    const server = await start({
      second: true,
      authenticate: async (bearer) => {
        const handle = server.handles.get('default') as WorkspaceHandle;
        const user = bearer ? await handle.users.findUserByToken(bearer) : null;
        return (
          user && { id: user.id, name: user.name, role: user.role, workspaces: user.workspaces }
        );
      },
    });
    const served = server.handles.get('default') as WorkspaceHandle;
    const live = await served.users.addUser({
      name: 'alice',
      role: 'member',
      workspaces: ['default'],
    });
    const auth = { authorization: `Bearer ${live.token}` };
    expect((await fetch(`${server.url}/api/workspaces`, { headers: auth })).status).toBe(200);
    const denied = [
      fetch(`${server.url}/api/workspaces/other/sessions`, { headers: auth }),
      fetch(`${server.url}/api/workspaces/other/documents`, { headers: auth }),
      fetch(`${server.url}/api/workspaces/other/suggest?q=a&trigger=%40`, { headers: auth }),
      post(`${server.url}/api/workspaces/other/references/resolve`, { message: '[[Home]]' }, auth),
      post(`${server.url}/api/workspaces/other/chat`, { message: 'hi' }, auth),
    ];
    for (const response of await Promise.all(denied)) expect(response.status).toBe(404);
    expect(
      (await fetch(`${server.url}/api/workspaces/default/documents`, { headers: auth })).status,
    ).toBe(200);
  });
});

describe('hardening', () => {
  /** A GET with headers fetch will not send (Host). */
  const rawGet = (url: string, headers: Record<string, string>) =>
    new Promise<number>((resolvePromise, reject) => {
      const request = httpRequest(url, { headers }, (response) => {
        response.resume();
        resolvePromise(response.statusCode ?? 0);
      });
      request.on('error', reject);
      request.end();
    });

  it('refuses requests addressed to another host name when no tokens are required (DNS rebinding)', async () => {
    const server = await start();
    const url = `${server.url}/api/workspaces/default/documents`;
    expect(await rawGet(url, { host: 'evil.example:4100' })).toBe(403);
    expect(
      await rawGet(url, {
        host: `localhost:${new URL(server.url).port}`,
        origin: 'http://evil.example',
      }),
    ).toBe(403);
    expect(
      await rawGet(url, {
        host: `localhost:${new URL(server.url).port}`,
        origin: 'http://localhost:5173',
      }),
    ).toBe(200);
    expect((await fetch(url)).status).toBe(200);
  });

  it('serves a file whose name is not ASCII', async () => {
    const server = await start();
    const handle = server.handles.get('default') as WorkspaceHandle;
    writeFileSync(join(handle.root, 'files', 'naïve — 日本.txt'), 'hello');
    await handle.reindex();
    const { documents } = (await (
      await fetch(`${server.url}/api/workspaces/default/documents?q=na`)
    ).json()) as Json;
    const doc = documents.find((d: { path: string }) => d.path === 'files/naïve — 日本.txt');
    const raw = await fetch(`${server.url}/api/workspaces/default/documents/${doc.id}/raw`);
    expect(raw.status).toBe(200);
    expect(await raw.text()).toBe('hello');
    expect(raw.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent('naïve — 日本.txt')}`,
    );
  });
});

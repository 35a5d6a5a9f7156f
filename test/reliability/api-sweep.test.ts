import { existsSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../../src/apps/server/create-server.ts';
import { gptTokenCounter } from '../../src/core/index.ts';
import { createOfflineModel } from '../../src/llm/index.ts';
import { skipPostgres } from '../../src/testing/postgres-test-database.ts';
import {
  type Caller,
  type Json,
  type OwnedId,
  type SweepFixture,
  startSweepFixture,
} from './api-sweep-fixture.ts';
import {
  errorCodesOf,
  errorShapeProblem,
  exampleOf,
  exampleQuery,
  fillPath,
  type Operation,
  operationsOf,
} from './openapi-operations.ts';

// Every route of the OpenAPI document (read from the running server, so a new route is swept
// without a change here), called by every kind of caller — no token, a wrong token, a user of the
// other workspace, a member, a viewer, an admin and the owner — with ids of the other workspace and
// of another user put into every path parameter. No answer may be a 5xx, leak another user's or
// workspace's ids or text, use a status the document does not give, or an error body out of shape.

const SETUP_MS = 180_000;
const SWEEP_MS = 240_000;
const PARALLEL = 4;
const LONG_RUN = process.env.FOOTNOTE_LONG_RUN === '1';
/** Random bodies and queries per operation: a few in `npm test`, more in the long run. */
const RANDOM_REQUESTS_PER_OPERATION = LONG_RUN ? 300 : 20;

let fixture: SweepFixture;

beforeAll(async () => {
  fixture = await startSweepFixture();
}, SETUP_MS);

afterAll(async () => {
  await fixture?.close();
}, SETUP_MS);

/** One request of the sweep, and what the caller may see in its answer. */
interface SweepRequest {
  readonly op: Operation;
  readonly caller: Caller;
  readonly workspace: string | null;
  readonly values: Readonly<Record<string, string>>;
  /** Ids in the path that belong to another workspace than the one asked, or to another user. */
  readonly owned: readonly OwnedId[];
}

/** Path values to try: the owner's own, then each parameter in turn with every other id. */
function pathVariants(fixture: SweepFixture, op: Operation): Array<Record<string, string>> {
  if (op.pathParams.length === 0) return [{}];
  const withPdf = (
    own: Readonly<Record<string, string>>,
    ws: 'default' | 'other',
  ): Record<string, string> =>
    op.pathParams.includes('page') ? { ...own, documentId: fixture.pdfs[ws] } : { ...own };
  const alice = withPdf(fixture.aliceOwn, 'default');
  const carol = withPdf(fixture.carolOwn, 'other');
  const variants: Array<Record<string, string>> = [
    alice,
    carol,
    { ...alice, workspaceId: 'other' },
    { ...carol, workspaceId: 'default' },
    { ...alice, workspaceId: 'nope' },
  ];
  // The long run puts every id of every kind in every parameter (a session id as a document id…).
  const everyId = [
    ...new Set(Object.values(fixture.ids).flatMap((ids) => ids.map((i) => i.value))),
  ];
  for (const param of op.pathParams) {
    if (param === 'workspaceId') continue;
    const pool = LONG_RUN
      ? everyId
      : (fixture.ids[param] ?? [{ value: 'sweep-unknown-id' }]).map((id) => id.value);
    for (const value of pool) {
      if (value !== alice[param]) variants.push({ ...alice, [param]: value });
    }
  }
  return variants;
}

const ownerOf = (fixture: SweepFixture, value: string): OwnedId | undefined =>
  Object.values(fixture.ids)
    .flat()
    .find((id) => id.value === value && (id.workspace !== null || id.owner !== null));

/** Strings this caller must never see in an answer about `workspace`. */
function forbiddenFor(fixture: SweepFixture, caller: Caller, workspace: string | null): string[] {
  const s = fixture.secrets;
  const member = (ws: string) => workspace === ws && caller.workspaces.includes(ws);
  const out: string[] = [];
  if (!member('default')) out.push(...s.workspaceA);
  if (!member('other')) out.push(...s.workspaceB);
  // An admin of `default` sees who wrote what there (versions, edits); only Alice sees her words.
  const aliceIdsAllowed = member('default') && (caller.name === 'alice' || caller.role === 'admin');
  if (!aliceIdsAllowed) out.push(...s.aliceIds);
  if (!(member('default') && caller.name === 'alice')) out.push(...s.aliceText);
  if (!(member('other') && caller.name === 'carol')) out.push(...s.carolIds, ...s.carolText);
  return out;
}

/** What the sweep found wrong with one answer, if anything. */
function problemsOf(
  fixture: SweepFixture,
  request: SweepRequest,
  sent: string,
  status: number,
  text: string,
  codes: ReadonlyMap<string, number>,
): string[] {
  const { op, caller, workspace } = request;
  const problems: string[] = [];
  if (status >= 500) problems.push(`status ${status}`);
  if (status >= 400) {
    const shape = errorShapeProblem(status, text, codes);
    if (shape) problems.push(shape);
  } else if (!op.statuses.includes(String(status))) {
    problems.push(`status ${status} is not documented (${op.statuses.join(', ')})`);
  }
  const authenticated = caller.role !== null;
  const api = op.path.startsWith('/api/');
  if (api && !authenticated && status !== 401) problems.push(`${status} without a valid token`);
  if (
    authenticated &&
    workspace !== null &&
    !caller.workspaces.includes(workspace) &&
    status !== 404
  )
    problems.push(`${status} for a workspace the caller is not in`);
  const code = status === 403 ? (JSON.parse(text) as Json).error?.code : null;
  const refused = status === 404 || code === 'forbidden_role';
  const foreign = request.owned.filter(
    (id) =>
      (id.workspace !== null && id.workspace !== workspace) ||
      (id.owner !== null && id.owner !== caller.name && caller.role !== 'admin'),
  );
  if (authenticated && workspace !== null && caller.workspaces.includes(workspace)) {
    if (foreign.length > 0 && !refused)
      problems.push(`${status} for another's ${foreign.map((f) => f.value).join(', ')}`);
  }
  for (const secret of forbiddenFor(fixture, caller, workspace)) {
    if (!sent.includes(secret) && text.includes(secret)) problems.push(`leaks ${secret}`);
  }
  return problems;
}

/** Sends one request; answers its status and text. */
async function send(
  method: string,
  url: string,
  headers: Readonly<Record<string, string>>,
  body?: string,
): Promise<{ status: number; text: string }> {
  const response = await fetch(url, {
    method,
    headers: { ...headers, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body }),
  });
  return { status: response.status, text: await response.text() };
}

/** Runs `work` on every item, `parallel` at a time, in order of starting. */
async function inParallel<T>(
  items: readonly T[],
  parallel: number,
  work: (item: T) => Promise<void>,
) {
  let next = 0;
  const lanes = Array.from({ length: parallel }, async () => {
    while (next < items.length) await work(items[next++] as T);
  });
  await Promise.all(lanes);
}

const METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** Callers in the order their writes go: the owner last, so what others try is tried on live data. */
const CALLER_ORDER = ['no token', 'wrong token', 'carol', 'bob', 'eve', 'dave', 'alice'];

/** The `Allow` header of a 405, its methods sorted. */
async function allowOf(method: string, url: string, headers: Readonly<Record<string, string>>) {
  const response = await fetch(url, { method, headers });
  await response.arrayBuffer();
  return (response.headers.get('allow') ?? '')
    .split(',')
    .map((m) => m.trim())
    .sort()
    .join(', ');
}

/** Paths of Fastify's route table (`printRoutes`), in OpenAPI form (`{param}`). */
function routeTablePaths(printed: string): Set<string> {
  const paths = new Set<string>();
  const stack: string[] = [];
  for (const line of printed.split('\n')) {
    const at = line.indexOf('── ');
    if (at < 0) continue;
    const depth = Math.floor(at / 4);
    const match = /^(\S+)(?: \((.*)\))?$/.exec(line.slice(at + 3).trim());
    if (!match) continue;
    stack.length = depth;
    const full = (stack[depth - 1] ?? '') + (match[1] as string);
    stack[depth] = full;
    if (match[2]) paths.add(full.replace(/:([A-Za-z]+)/g, '{$1}').replace(/^\/\//, '/'));
  }
  return paths;
}

describe('the OpenAPI document', () => {
  it("documents every route of the server's route table, and nothing else", async () => {
    const app = createServer({
      workspaces: new Map(),
      model: () => createOfflineModel(),
      tokenCounter: gptTokenCounter,
      authenticate: null,
    });
    await app.ready();
    // /mcp speaks JSON-RPC (MCP over Streamable HTTP), not REST: docs/mcp.md documents it and
    // test/mcp-http.test.ts checks its tokens, workspaces and Host/Origin checks.
    const served = new Set(
      [...routeTablePaths(app.printRoutes({ commonPrefix: false }))].filter(
        (p) => p !== '/mcp' && !p.startsWith('/mcp/'),
      ),
    );
    const documented = new Set(Object.keys(fixture.openapi.paths));
    await app.close();
    expect([...served].filter((p) => !documented.has(p)).sort()).toEqual([]);
    expect([...documented].filter((p) => !served.has(p)).sort()).toEqual([]);
  });
});

/** One malformed request: what is wrong with it, and the request as it goes on the wire. */
interface MalformedRequest {
  readonly label: string;
  readonly method: string;
  /** Path and query exactly as sent: no normalisation, no encoding. */
  readonly target: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string | Buffer;
}

/** Sends a request byte for byte as given (fetch would normalise the URL); answers status and text. */
function sendRaw(
  base: string,
  request: MalformedRequest,
): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolvePromise, reject) => {
    const outgoing = httpRequest(
      {
        host: hostname,
        port,
        method: request.method,
        path: request.target,
        headers: {
          ...request.headers,
          ...(request.body !== undefined && {
            'content-length': String(Buffer.byteLength(request.body)),
          }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolvePromise({
            status: response.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    // A server may answer (413) and close before a large body is written: the answer still
    // counts, so a broken pipe only fails the request if no answer comes.
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
      else setTimeout(() => reject(error), 2_000);
    });
    outgoing.end(request.body);
  });
}

/** Ids, in path parameters, that no route takes or that no URL parser reads as text. */
const BAD_IDS: ReadonlyArray<[string, string]> = [
  ['a 10,000-character id', 'a'.repeat(10_000)],
  ['bad percent-encoding', '%E0%A4%A'],
  ['a lone %', '%'],
  ['truncated UTF-8', '%F0%9F%98'],
  ['overlong UTF-8', '%C0%AF'],
  ['NUL', 'x%00y'],
  ['control characters', '%01%1B%7F'],
  ['a path out of the workspace', '..%2F..%2F..%2Fetc%2Fpasswd'],
];

/** A value of the wrong type for a JSON schema property. */
const wrongTypeFor = (schema: Json): unknown[] => {
  switch (schema?.type) {
    case 'string':
      return [42, null, ['x'], { x: 1 }];
    case 'boolean':
      return ['yes', 1, null];
    case 'integer':
    case 'number':
      return ['one', null, true];
    case 'array':
      return ['x', { x: 1 }, [null, 42]];
    case 'object':
      return ['x', [1]];
    default:
      return [Symbol.for('skip')];
  }
};

/** Values a query parameter's schema refuses. */
const badQueryValues = (schema: Json): string[] => {
  const values = ['x%E0%A4%A'];
  if (Array.isArray(schema?.enum)) values.push('not-one-of-them');
  if (schema?.type === 'integer' || schema?.type === 'number')
    values.push('abc', '-1', '1.5', '1e999');
  if (typeof schema?.maxLength === 'number') values.push('x'.repeat(schema.maxLength + 1));
  return values;
};

/** Every way this sweep breaks a request to `op`, made as Alice on her own ids in `default`. */
function malformedRequests(fixture: SweepFixture, op: Operation): MalformedRequest[] {
  const auth = fixture.callers.find((c) => c.name === 'alice')?.headers ?? {};
  const values = op.pathParams.includes('page')
    ? { ...fixture.aliceOwn, documentId: fixture.pdfs.default }
    : fixture.aliceOwn;
  const path = fillPath(op.path, values);
  const query = new URLSearchParams(exampleQuery(op)).toString();
  const target = query ? `${path}?${query}` : path;
  const json = { 'content-type': 'application/json' };
  const out: MalformedRequest[] = [];
  const add = (label: string, request: Omit<MalformedRequest, 'label' | 'method'>) =>
    out.push({ label, method: op.method, ...request });

  for (const param of op.pathParams) {
    for (const [label, bad] of BAD_IDS) {
      const broken = op.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
        name === param ? bad : encodeURIComponent(values[name] ?? 'x'),
      );
      add(`${param}: ${label}`, { target: broken, headers: auth });
    }
  }
  add('an unknown query parameter', {
    target: `${target}${query ? '&' : '?'}zzz=1`,
    headers: auth,
  });
  for (const { name, schema } of op.queryParams) {
    for (const bad of badQueryValues(schema)) {
      const q = new URLSearchParams(exampleQuery(op));
      q.delete(name);
      add(`query ${name}=${bad.slice(0, 20)}`, {
        target: `${path}?${q.toString()}${q.size ? '&' : ''}${name}=${bad}`,
        headers: auth,
      });
    }
    add(`query ${name} given twice`, {
      target: `${target}${query ? '&' : '?'}${name}=a&${name}=b`,
      headers: auth,
    });
  }
  for (const [label, header] of [
    ['an empty bearer token', 'Bearer '],
    ['a Basic credential', 'Basic YWxpY2U6c2VjcmV0'],
    ['a 10,000-character token', `Bearer ${'x'.repeat(10_000)}`],
  ] as const) {
    if (op.path.startsWith('/api/'))
      add(`authorization: ${label}`, { target, headers: { authorization: header } });
  }

  if (!op.bodySchema) return out;
  const alternatives = (op.bodySchema.oneOf ?? [op.bodySchema]) as Json[];
  const example = exampleOf(alternatives[0]) as Record<string, unknown>;
  const withBody = (label: string, body: string | Buffer, headers: Record<string, string> = json) =>
    add(label, { target, headers: { ...auth, ...headers }, body });
  withBody('JSON cut short', '{"message": ');
  withBody('an empty JSON body', '');
  for (const literal of ['null', '[]', '"text"', '42', 'true'])
    withBody(`the JSON body ${literal}`, literal);
  withBody('an unknown field', JSON.stringify({ ...example, zzz: 1 }));
  withBody(
    'invalid UTF-8 in the body',
    Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
  );
  withBody('JSON nested 10,000 deep', `{"message": ${'['.repeat(10_000)}${']'.repeat(10_000)}}`);
  withBody('a 2 MB body', JSON.stringify({ ...example, padding: 'x'.repeat(2_000_000) }));
  withBody('text/plain', JSON.stringify(example), { 'content-type': 'text/plain' });
  withBody('a form', 'message=hello', { 'content-type': 'application/x-www-form-urlencoded' });
  withBody('multipart', '--x\r\n\r\nhello\r\n--x--', {
    'content-type': 'multipart/form-data; boundary=x',
  });
  withBody('XML', '<message>hello</message>', { 'content-type': 'application/xml' });
  withBody('no content type', JSON.stringify(example), {});
  for (const schema of alternatives) breakFields(schema, withBody);
  // The AI SDK's useChat body carries the message inside its parts.
  if (alternatives.some((schema) => schema.properties?.messages))
    withBody(
      'a useChat message with NUL and control characters',
      JSON.stringify({
        id: 'sweep-chat',
        messages: [{ role: 'user', parts: [{ type: 'text', text: 'a\u0000b\u001b[31mc' }] }],
      }),
    );
  return out;
}

/** Each field of a body schema with a value of the wrong type, huge, or with control characters. */
function breakFields(schema: Json, withBody: (label: string, body: string) => void): void {
  const example = exampleOf(schema) as Record<string, unknown>;
  for (const [name, property] of Object.entries(
    (schema.properties ?? {}) as Record<string, Json>,
  )) {
    for (const wrong of wrongTypeFor(property)) {
      if (typeof wrong === 'symbol') continue;
      withBody(
        `${name} as ${JSON.stringify(wrong)}`,
        JSON.stringify({ ...example, [name]: wrong }),
      );
    }
    if (property?.type === 'string') {
      withBody(
        `${name} of 200,000 characters`,
        JSON.stringify({ ...example, [name]: 'x'.repeat(200_000) }),
      );
      withBody(
        `${name} with NUL and control characters`,
        JSON.stringify({ ...example, [name]: 'a\u0000b\u001b[31mc\u007f' }),
      );
    }
  }
}

describe('the API, fed malformed input on every route', () => {
  it(
    'answers every malformed request with a 4xx in the documented error shape, never a 5xx',
    async () => {
      const operations = operationsOf(fixture.openapi);
      const codes = errorCodesOf(fixture.openapi);
      const requests = operations.flatMap((op) =>
        malformedRequests(fixture, op).map((request) => ({ op, request })),
      );
      const failures: string[] = [];
      let fiveHundreds = 0;
      await inParallel(requests, PARALLEL, async ({ op, request }) => {
        const answer = await sendRaw(fixture.url, request);
        if (answer.status >= 500) fiveHundreds++;
        const problem =
          answer.status < 400 || answer.status >= 500
            ? `status ${answer.status}: ${answer.text.slice(0, 160)}`
            : errorShapeProblem(answer.status, answer.text, codes);
        if (problem) failures.push(`${op.method} ${op.path} with ${request.label}: ${problem}`);
      });
      process.stdout.write(
        `malformed input: ${requests.length} requests over ${operations.length} operations, ${fiveHundreds} × 5xx\n`,
      );
      expect(failures).toEqual([]);
    },
    SWEEP_MS,
  );

  it(
    'answers random JSON bodies and query strings without a 5xx, errors in the documented shape',
    async () => {
      const codes = errorCodesOf(fixture.openapi);
      const auth = fixture.callers.find((c) => c.name === 'alice')?.headers ?? {};
      const failures: string[] = [];
      let sent = 0;
      for (const op of operationsOf(fixture.openapi)) {
        const values = op.pathParams.includes('page')
          ? { ...fixture.aliceOwn, documentId: fixture.pdfs.default }
          : fixture.aliceOwn;
        const path = fillPath(op.path, values);
        const example = op.bodySchema
          ? (exampleOf(op.bodySchema.oneOf?.[0] ?? op.bodySchema) as Record<string, unknown>)
          : {};
        // Any JSON at all, or the valid example with one field replaced by any JSON.
        const body = fc.oneof(
          fc.jsonValue(),
          fc
            .tuple(fc.constantFrom(...Object.keys(example), 'extra'), fc.jsonValue())
            .map(([field, value]) => ({ ...example, [field]: value })),
        );
        const query = fc.array(
          fc.tuple(
            fc.constantFrom(...op.queryParams.map((p) => p.name), 'zzz'),
            fc.string({ unit: 'binary', maxLength: 40 }),
          ),
          { maxLength: 4 },
        );
        await fc.assert(
          fc.asyncProperty(body, query, async (json, pairs) => {
            sent++;
            const search = new URLSearchParams(pairs).toString();
            const request: MalformedRequest = {
              label: 'random',
              method: op.method,
              target: search ? `${path}?${search}` : path,
              headers: op.bodySchema ? { ...auth, 'content-type': 'application/json' } : auth,
              ...(op.bodySchema && { body: JSON.stringify(json) }),
            };
            const answer = await sendRaw(fixture.url, request);
            const problem =
              answer.status >= 500
                ? `status ${answer.status}`
                : answer.status >= 400
                  ? errorShapeProblem(answer.status, answer.text, codes)
                  : null;
            if (problem)
              failures.push(`${op.method} ${request.target} ${request.body ?? ''}: ${problem}`);
          }),
          { numRuns: RANDOM_REQUESTS_PER_OPERATION },
        );
      }
      process.stdout.write(`random requests: ${sent}, ${failures.length} failures\n`);
      expect(failures).toEqual([]);
    },
    SWEEP_MS * 4,
  );
});

/**
 * Sends every documented route, with every path variant, as every caller — reads first, deletes
 * last — and prints what it found under `label`; answers every problem found.
 */
async function sweepEveryCredential(fixture: SweepFixture, label: string): Promise<string[]> {
  const operations = operationsOf(fixture.openapi);
  const codes = errorCodesOf(fixture.openapi);
  const requests: SweepRequest[] = [];
  for (const op of operations) {
    for (const values of pathVariants(fixture, op)) {
      const owned = op.pathParams
        .map((param) => ownerOf(fixture, values[param] ?? ''))
        .filter((id): id is OwnedId => id !== undefined);
      for (const caller of fixture.callers) {
        requests.push({
          op,
          caller,
          workspace: op.pathParams.includes('workspaceId') ? (values.workspaceId ?? null) : null,
          values,
          owned,
        });
      }
    }
  }
  const rank = (r: SweepRequest) =>
    METHOD_ORDER.indexOf(r.op.method) * 100 + CALLER_ORDER.indexOf(r.caller.name);
  requests.sort((a, b) => rank(a) - rank(b));

  const failures: string[] = [];
  let fiveHundreds = 0;
  let leaks = 0;
  const statuses = new Map<string, number>();
  for (const method of METHOD_ORDER) {
    // Reads first, deletes last: a session deleted early would make later refusals trivial.
    await inParallel(
      requests.filter((r) => r.op.method === method),
      PARALLEL,
      async (request) => {
        const query = new URLSearchParams(exampleQuery(request.op)).toString();
        const path = fillPath(request.op.path, request.values) + (query ? `?${query}` : '');
        const body = request.op.bodySchema
          ? JSON.stringify(exampleOf(request.op.bodySchema))
          : undefined;
        const answer = await send(
          request.op.method,
          `${fixture.url}${path}`,
          request.caller.headers,
          body,
        );
        const problems = problemsOf(
          fixture,
          request,
          `${path} ${body ?? ''}`,
          answer.status,
          answer.text,
          codes,
        );
        if (answer.status >= 500) fiveHundreds++;
        const key = `${request.caller.name} ${answer.status}`;
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
        leaks += problems.filter((p) => p.startsWith('leaks')).length;
        for (const problem of problems)
          failures.push(`${request.op.method} ${path} as ${request.caller.name}: ${problem}`);
      },
    );
  }
  process.stdout.write(
    `${label}: ${new Set(operations.map((o) => o.path)).size} paths, ${operations.length} operations, ${requests.length} requests, ${fiveHundreds} × 5xx, ${leaks} leaks\n`,
  );
  process.stdout.write(
    `${label} answers by caller and status: ${[...statuses].map(([k, n]) => `${k}×${n}`).join(', ')}\n`,
  );
  return failures;
}

// Runs after the malformed input above: its writes (the owner's last) change the seeded data.
describe('the API, swept with every credential and every foreign id', () => {
  it(
    'answers every documented route without a 5xx, a leak, an undocumented status or an error out of shape',
    async () => {
      expect(await sweepEveryCredential(fixture, 'api sweep')).toEqual([]);
    },
    SWEEP_MS,
  );

  it('answers every other method of a documented path with 405 and the documented ones in Allow', async () => {
    const operations = operationsOf(fixture.openapi);
    const alice = fixture.callers.find((c) => c.name === 'alice') as Caller;
    const failures: string[] = [];
    for (const path of new Set(operations.map((o) => o.path))) {
      const documented = operations.filter((o) => o.path === path).map((o) => o.method);
      const allow = [...documented, ...(documented.includes('GET') ? ['HEAD'] : [])].sort();
      const url = `${fixture.url}${fillPath(path, fixture.aliceOwn)}`;
      for (const method of METHOD_ORDER.filter((m) => !documented.includes(m))) {
        const answer = await send(method, url, alice.headers);
        const allowed = answer.status === 405 ? await allowOf(method, url, alice.headers) : '';
        if (answer.status !== 405 || allowed !== allow.join(', '))
          failures.push(
            `${method} ${path}: ${answer.status}, Allow: ${allowed} (documented: ${allow.join(', ')})`,
          );
      }
    }
    expect(failures).toEqual([]);
  });
});

// The same sweep with both workspaces and the users in PostgreSQL, where one database holds every
// workspace and each statement is scoped by workspace: no answer may cross that scope either. The
// malformed-input and random-body parts stay on SQLite (the HTTP layer they test is the same).
describe.skipIf(skipPostgres)(
  'the API on PostgreSQL, swept with every credential and every foreign id',
  () => {
    let pg: SweepFixture;

    beforeAll(async () => {
      pg = await startSweepFixture('postgres');
    }, SETUP_MS);

    afterAll(async () => {
      await pg?.close();
    }, SETUP_MS);

    it(
      'answers every documented route without a 5xx, a leak, an undocumented status or an error out of shape',
      async () => {
        expect(await sweepEveryCredential(pg, 'api sweep (PostgreSQL)')).toEqual([]);
        // The workspaces really were on PostgreSQL: neither folder got a SQLite file.
        for (const folder of pg.folders)
          expect(existsSync(join(folder, '.footnote', 'footnote.db'))).toBe(false);
      },
      SWEEP_MS,
    );
  },
);

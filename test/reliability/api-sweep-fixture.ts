import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { UserRole } from '../../src/core/index.ts';
import { openWorkspaceStores } from '../../src/store/index.ts';
import { type StubTurn, startOpenAIStubServer } from '../../src/testing/openai-stub-server.ts';
import { createSchemaUrl } from '../../src/testing/postgres-test-database.ts';
import { copySampleWorkspace } from '../../src/testing/run-footnote.ts';
import { startServeProcess } from './serve-process.ts';

// biome-ignore lint/suspicious/noExplicitAny: the sweep reads arbitrary JSON bodies and the OpenAPI document.
export type Json = any;

/** Someone calling the API: no token, a wrong one, or a user of one or both workspaces. */
export interface Caller {
  readonly name: string;
  readonly headers: Readonly<Record<string, string>>;
  /** Workspaces the caller is a member of. */
  readonly workspaces: readonly string[];
  readonly role: UserRole | null;
}

/** Strings that belong to one owner: a workspace's data, or one user's private data. */
export interface Secrets {
  /** Ids and text of workspace `default` (documents, versions). */
  readonly workspaceA: ReadonlySet<string>;
  /** Ids and text of workspace `other`. */
  readonly workspaceB: ReadonlySet<string>;
  /** Alice's session, message and edit ids in `default`. */
  readonly aliceIds: ReadonlySet<string>;
  /** Text only Alice wrote (her questions). */
  readonly aliceText: ReadonlySet<string>;
  /** Carol's session, message and edit ids in `other`. */
  readonly carolIds: ReadonlySet<string>;
  readonly carolText: ReadonlySet<string>;
}

/** An id with the workspace and, for private data, the user it belongs to. */
export interface OwnedId {
  readonly value: string;
  readonly workspace: 'default' | 'other' | null;
  readonly owner: 'alice' | 'carol' | null;
}

/** Where the served workspaces keep their data: each folder's SQLite file, or one PostgreSQL schema. */
export type SweepStore = 'sqlite' | 'postgres';

/** A served pair of workspaces with users, seeded sessions, edits and versions, ready to sweep. */
export interface SweepFixture {
  readonly url: string;
  readonly store: SweepStore;
  /** The two workspace folders, `default` first. */
  readonly folders: readonly [string, string];
  readonly openapi: Json;
  readonly callers: readonly Caller[];
  /** Ids to put in each path parameter, by parameter name. */
  readonly ids: Readonly<Record<string, readonly OwnedId[]>>;
  readonly secrets: Secrets;
  /** Alice's own ids in `default`, by parameter name: a request that reaches every check. */
  readonly aliceOwn: Readonly<Record<string, string>>;
  /** Carol's own ids in `other`, by parameter name. */
  readonly carolOwn: Readonly<Record<string, string>>;
  /** A PDF of each workspace, for routes that take a page. */
  readonly pdfs: Readonly<Record<'default' | 'other', string>>;
  close(): Promise<void>;
}

const DESIGN = 'notes/projects/Pump Design.md';
const ALICE_MARK = 'ALICE-PRIVATE-QUESTION-5d1e';
const CAROL_MARK = 'CAROL-PRIVATE-QUESTION-8b2f';
const B_NOTE_MARK = 'ZEPHYR-LEDGER-ONLY-IN-OTHER-3c9a';
const B_EDIT_MARK = 'CAROL-EDIT-ONLY-IN-OTHER-77e0';

const editTurn = (content: string): StubTurn[] => [
  {
    toolCalls: [
      { name: 'edit_section', arguments: { path: DESIGN, section: 'Impeller', content } },
    ],
  },
  { text: 'Here is the change.' },
];

/**
 * Starts `footnote serve --host 127.0.0.2` (tokens required) over two workspaces — `default` with
 * alice and bob (members), eve (viewer) and dave (admin); `other` with carol — whose model is an
 * OpenAI-compatible stub, then seeds through the API: for alice in `default` and carol in `other`,
 * a proposed and an applied agent edit (so sessions, messages, edits and versions exist). With
 * `postgres` both workspaces and the users live in a fresh schema of the test PostgreSQL database.
 */
export async function startSweepFixture(store: SweepStore = 'sqlite'): Promise<SweepFixture> {
  const undo: Array<() => Promise<void> | void> = [];
  const close = async () => {
    for (const step of undo.splice(0).reverse()) await step();
  };
  try {
    const a = copySampleWorkspace();
    undo.push(() => a.cleanup());
    const b = copySampleWorkspace();
    undo.push(() => b.cleanup());
    writeFileSync(
      join(b.workspace, 'notes', 'Zephyr Ledger.md'),
      `# Zephyr Ledger\n\nOnly workspace other has this note: ${B_NOTE_MARK}.\n`,
    );
    const scratch = mkdtempSync(join(tmpdir(), 'footnote-sweep-'));
    undo.push(() => rmSync(scratch, { recursive: true, force: true }));
    const config = join(scratch, 'serve.json');
    writeFileSync(
      config,
      JSON.stringify({
        workspaces: [{ id: 'other', path: b.workspace }],
        rateLimit: { turnsPerHour: 100_000 },
      }),
    );

    let databaseUrl: string | undefined;
    if (store === 'postgres') {
      const schema = await createSchemaUrl();
      undo.push(() => schema.drop());
      databaseUrl = schema.url;
    }

    // Users live in the main workspace's database, where `footnote users add` puts them.
    const stores = await openWorkspaceStores(resolve(a.workspace), { databaseUrl });
    const plan: Array<[string, UserRole, string[]]> = [
      ['alice', 'member', ['default']],
      ['bob', 'member', ['default']],
      ['eve', 'viewer', ['default']],
      ['dave', 'admin', ['default']],
      ['carol', 'member', ['other']],
    ];
    const callers: Caller[] = [
      { name: 'no token', headers: {}, workspaces: [], role: null },
      {
        name: 'wrong token',
        headers: { authorization: 'Bearer fn_not-a-token-of-anyone' },
        workspaces: [],
        role: null,
      },
    ];
    for (const [name, role, workspaces] of plan) {
      const { token } = await stores.users.addUser({ name, role, workspaces });
      callers.push({ name, headers: { authorization: `Bearer ${token}` }, workspaces, role });
    }
    await stores.close();

    const stub = await startOpenAIStubServer(
      [
        ...editTurn('The impeller is now the six-vane closed design.'),
        ...editTurn('The impeller is now the six-vane closed design, cast in bronze.'),
        ...editTurn(`${B_EDIT_MARK}: titanium impeller.`),
        ...editTurn(`${B_EDIT_MARK}: titanium impeller, polished.`),
        // Every chat turn of the sweep gets a plain answer.
        ...Array.from({ length: 2_000 }, (): StubTurn => ({ text: 'Noted.' })),
      ],
      {
        // The one-line document summaries the configured model writes in the background (requests
        // without tools) are answered aside, so they do not take the edit turns scripted above.
        offScript: (body) => (body.tools ? undefined : { text: 'A note of the sample workspace.' }),
      },
    );
    undo.push(() => stub.close());
    const served = await startServeProcess(
      a.workspace,
      [
        '--host',
        '127.0.0.2',
        '--config',
        config,
        '--model',
        'openai-compatible:stub',
        '--base-url',
        stub.url,
        ...(databaseUrl ? ['--database-url', databaseUrl] : []),
      ],
      // An empty DATABASE_URL keeps the SQLite run on SQLite wherever the tests run.
      { NODE_COMPILE_CACHE: join(tmpdir(), 'footnote-compile-cache'), DATABASE_URL: '' },
    );
    undo.push(() => served.stop());
    const url = served.url;
    const headersOf = (name: string) => callers.find((c) => c.name === name)?.headers ?? {};
    const call = async (name: string, method: string, path: string, body?: unknown) => {
      const response = await fetch(`${url}${path}`, {
        method,
        headers: {
          ...headersOf(name),
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      if (response.status !== 200)
        throw new Error(`seeding ${method} ${path} as ${name}: ${response.status} ${text}`);
      return JSON.parse(text) as Json;
    };

    /** A proposed and an applied edit by `who` in `ws`; their session, messages, edits and version. */
    const seed = async (who: string, ws: string, mark: string) => {
      const ids: string[] = [];
      const proposed = await call(who, 'POST', `/api/workspaces/${ws}/chat`, {
        message: `Rewrite [[Pump Design#Impeller]] please (${mark})`,
        mode: 'agent',
        dryRun: true,
      });
      const applied = await call(who, 'POST', `/api/workspaces/${ws}/chat`, {
        message: `Rewrite [[Pump Design#Impeller]] now (${mark})`,
        mode: 'agent',
      });
      const sessions = [proposed.sessionId as string, applied.sessionId as string];
      const messages: string[] = [];
      for (const sessionId of sessions) {
        const detail = await call(who, 'GET', `/api/workspaces/${ws}/sessions/${sessionId}`);
        for (const m of detail.messages as Json[]) messages.push(m.id);
      }
      const edits = [proposed.edits[0].id as string, applied.edits[0].id as string];
      ids.push(...sessions, ...messages, ...edits);
      const documents = (await call(who, 'GET', `/api/workspaces/${ws}/documents`))
        .documents as Json[];
      const design = documents.find((d) => d.path === DESIGN);
      const pdf = documents.find((d) => d.kind === 'pdf');
      const versions = (
        await call(who, 'GET', `/api/workspaces/${ws}/documents/${design.id}/versions`)
      ).versions as Json[];
      return {
        ids,
        session: sessions[1] as string,
        assistantMessage: applied.message.id as string,
        proposedEdit: edits[0] as string,
        appliedEdit: edits[1] as string,
        documents: documents.map((d) => d.id as string),
        design: design.id as string,
        pdf: pdf.id as string,
        versions: versions.map((v) => v.id as string),
      };
    };
    const alice = await seed('alice', 'default', ALICE_MARK);
    const carol = await seed('carol', 'other', CAROL_MARK);
    const secretNote = (await call('carol', 'GET', '/api/workspaces/other/documents?q=zephyr'))
      .documents[0].id as string;

    const own = (value: string, workspace: OwnedId['workspace'], owner: OwnedId['owner']) => ({
      value,
      workspace,
      owner,
    });
    const ids: Record<string, OwnedId[]> = {
      workspaceId: [own('default', null, null), own('other', null, null), own('nope', null, null)],
      sessionId: [
        own(alice.session, 'default', 'alice'),
        own(carol.session, 'other', 'carol'),
        own('no-such-session', null, null),
      ],
      messageId: [
        own(alice.assistantMessage, 'default', 'alice'),
        own(carol.assistantMessage, 'other', 'carol'),
      ],
      editId: [
        own(alice.proposedEdit, 'default', 'alice'),
        own(alice.appliedEdit, 'default', 'alice'),
        own(carol.proposedEdit, 'other', 'carol'),
        own(carol.appliedEdit, 'other', 'carol'),
        own('no-such-edit', null, null),
      ],
      documentId: [
        own(alice.design, 'default', null),
        own(alice.pdf, 'default', null),
        own(carol.design, 'other', null),
        own(carol.pdf, 'other', null),
        own(secretNote, 'other', null),
        own('no-such-document', null, null),
      ],
      versionId: [
        ...alice.versions.map((v) => own(v, 'default', null)),
        ...carol.versions.map((v) => own(v, 'other', null)),
      ],
      page: [own('1', null, null), own('999', null, null)],
    };
    const openapi = (await (await fetch(`${url}/openapi.json`)).json()) as Json;
    return {
      url,
      store,
      folders: [a.workspace, b.workspace],
      openapi,
      callers,
      ids,
      secrets: {
        workspaceA: new Set([...alice.documents, ...alice.versions]),
        workspaceB: new Set([
          ...carol.documents,
          ...carol.versions,
          secretNote,
          B_NOTE_MARK,
          B_EDIT_MARK,
        ]),
        aliceIds: new Set(alice.ids),
        aliceText: new Set([ALICE_MARK]),
        carolIds: new Set(carol.ids),
        carolText: new Set([CAROL_MARK]),
      },
      aliceOwn: {
        workspaceId: 'default',
        sessionId: alice.session,
        messageId: alice.assistantMessage,
        editId: alice.proposedEdit,
        documentId: alice.design,
        versionId: alice.versions[0] as string,
        page: '1',
      },
      carolOwn: {
        workspaceId: 'other',
        sessionId: carol.session,
        messageId: carol.assistantMessage,
        editId: carol.proposedEdit,
        documentId: carol.design,
        versionId: carol.versions[0] as string,
        page: '1',
      },
      pdfs: { default: alice.pdf, other: carol.pdf },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

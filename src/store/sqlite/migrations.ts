/** One schema step; applied in order, once, inside a transaction. */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

/** The SQLite schema history. Append only: never edit a migration that has shipped. */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'documents, chunks, links, full-text index',
    sql: `
      CREATE TABLE documents (
        id TEXT PRIMARY KEY,
        path TEXT NOT NULL,
        kind TEXT NOT NULL,
        title TEXT NOT NULL,
        aliases TEXT NOT NULL DEFAULT '[]',
        slug TEXT NOT NULL,
        body TEXT NOT NULL,
        metadata TEXT NOT NULL DEFAULT '{}',
        structure TEXT NOT NULL DEFAULT '{}',
        status TEXT NOT NULL CHECK (status IN ('active', 'archived', 'deleted')),
        content_hash TEXT NOT NULL,
        size INTEGER NOT NULL,
        mtime_ms INTEGER NOT NULL,
        updated_at TEXT NOT NULL,
        deleted_at TEXT
      );
      CREATE UNIQUE INDEX documents_live_path ON documents(path) WHERE status <> 'deleted';
      CREATE INDEX documents_kind ON documents(kind, status);
      CREATE INDEX documents_slug ON documents(slug);

      CREATE TABLE chunks (
        rowid INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        document_id TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
        ordinal INTEGER NOT NULL,
        text TEXT NOT NULL,
        start_offset INTEGER NOT NULL,
        end_offset INTEGER NOT NULL,
        heading_path TEXT NOT NULL DEFAULT '[]',
        page INTEGER,
        section_id TEXT,
        active INTEGER NOT NULL DEFAULT 1,
        title_terms INTEGER NOT NULL DEFAULT 0,
        heading_terms INTEGER NOT NULL DEFAULT 0,
        body_terms INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX chunks_document ON chunks(document_id, active, ordinal);

      -- Holds analyzed text (stemmed index terms joined by spaces, see core/analyze-text.ts),
      -- so the tokenizer only splits on spaces and every store agrees on terms. It holds only the live
      -- chunks of documents that are not deleted, so searching it needs no join to filter.
      CREATE VIRTUAL TABLE chunks_fts USING fts5(
        title, headings, body, kind UNINDEXED,
        tokenize = 'unicode61 remove_diacritics 0'
      );
      CREATE VIRTUAL TABLE chunks_vocab USING fts5vocab(chunks_fts, 'row');

      CREATE TABLE links (
        document_id TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
        ordinal INTEGER NOT NULL,
        syntax TEXT NOT NULL,
        embed INTEGER NOT NULL,
        target TEXT NOT NULL,
        target_key TEXT NOT NULL,
        heading TEXT,
        block TEXT,
        alias TEXT,
        start_offset INTEGER NOT NULL,
        end_offset INTEGER NOT NULL,
        PRIMARY KEY (document_id, ordinal)
      );
      CREATE INDEX links_target ON links(target_key);

      CREATE TABLE entity_types (
        type TEXT PRIMARY KEY,
        ordinal INTEGER NOT NULL,
        schema TEXT NOT NULL
      );
    `,
  },
  {
    version: 2,
    name: 'one-line document summaries, cached per document version',
    sql: `
      CREATE TABLE summaries (
        document_id TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
        content_hash TEXT NOT NULL,
        summary TEXT NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (document_id, content_hash)
      );
    `,
  },
  {
    version: 3,
    name: 'sessions, messages, document versions, audit events',
    sql: `
      CREATE TABLE sessions (
        id TEXT PRIMARY KEY,
        workspace_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        title TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX sessions_owner ON sessions(workspace_id, user_id, updated_at);

      CREATE TABLE messages (
        id TEXT PRIMARY KEY,
        session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('user', 'assistant')),
        content TEXT NOT NULL,
        status TEXT NOT NULL,
        grounded INTEGER NOT NULL DEFAULT 0,
        schema_version INTEGER NOT NULL,
        payload TEXT NOT NULL DEFAULT '{}',
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        UNIQUE (session_id, seq)
      );

      CREATE TABLE versions (
        id TEXT PRIMARY KEY,
        document_id TEXT NOT NULL,
        path TEXT NOT NULL,
        content TEXT NOT NULL,
        content_hash TEXT NOT NULL,
        reference TEXT,
        note TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE INDEX versions_document ON versions(document_id, created_at);

      CREATE TABLE audit_events (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        session_id TEXT,
        message_id TEXT,
        document_id TEXT,
        path TEXT,
        detail TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE INDEX audit_document ON audit_events(document_id, created_at);
    `,
  },
  {
    version: 4,
    name: 'users with hashed bearer tokens, workspace memberships',
    sql: `
      -- Only the SHA-256 of a token is kept: a copied database file grants no access.
      CREATE TABLE users (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL UNIQUE COLLATE NOCASE,
        role TEXT NOT NULL CHECK (role IN ('member', 'admin')),
        token_hash TEXT NOT NULL UNIQUE,
        created_at TEXT NOT NULL
      );

      CREATE TABLE memberships (
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        workspace_id TEXT NOT NULL,
        PRIMARY KEY (user_id, workspace_id)
      );
      CREATE INDEX memberships_workspace ON memberships(workspace_id);
    `,
  },
  {
    version: 5,
    name: 'agent edits: proposed, applied, discarded, stale, undone',
    sql: `
      -- An agent edit by id: a dry run is stored 'proposed' with the whole new text and the hash of
      -- the text it was computed from, so it can be applied later only if the file is unchanged.
      CREATE TABLE proposed_edits (
        id TEXT PRIMARY KEY,
        session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        message_id TEXT NOT NULL,
        document_id TEXT NOT NULL,
        path TEXT NOT NULL,
        tool TEXT NOT NULL,
        action TEXT NOT NULL CHECK (action IN ('write', 'insert')),
        reference TEXT NOT NULL,
        base_hash TEXT NOT NULL,
        new_content TEXT NOT NULL,
        diff TEXT NOT NULL,
        status TEXT NOT NULL
          CHECK (status IN ('proposed', 'applied', 'discarded', 'stale', 'undone')),
        version_id TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX proposed_edits_session ON proposed_edits(session_id, created_at);
      CREATE INDEX proposed_edits_document ON proposed_edits(document_id);
    `,
  },
  {
    version: 6,
    name: 'roles: viewer; who wrote each version and audit event; rolled-back edits',
    sql: `
      -- SQLite cannot change a CHECK constraint: users is rebuilt to allow 'viewer', and
      -- memberships with it (dropping the old users table would cascade into the old memberships).
      CREATE TABLE users_v6 (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL UNIQUE COLLATE NOCASE,
        role TEXT NOT NULL CHECK (role IN ('viewer', 'member', 'admin')),
        token_hash TEXT NOT NULL UNIQUE,
        created_at TEXT NOT NULL
      );
      INSERT INTO users_v6 (id, name, role, token_hash, created_at)
        SELECT id, name, role, token_hash, created_at FROM users;
      CREATE TABLE memberships_v6 (
        user_id TEXT NOT NULL REFERENCES users_v6(id) ON DELETE CASCADE,
        workspace_id TEXT NOT NULL,
        PRIMARY KEY (user_id, workspace_id)
      );
      INSERT INTO memberships_v6 (user_id, workspace_id)
        SELECT user_id, workspace_id FROM memberships;
      DROP TABLE memberships;
      DROP TABLE users;
      -- Renaming also renames the reference of memberships_v6 to users.
      ALTER TABLE users_v6 RENAME TO users;
      ALTER TABLE memberships_v6 RENAME TO memberships;
      CREATE INDEX memberships_workspace ON memberships(workspace_id);

      -- An applied edit whose text a rollback took out of the document is 'rolled_back'.
      CREATE TABLE proposed_edits_v6 (
        id TEXT PRIMARY KEY,
        session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        message_id TEXT NOT NULL,
        document_id TEXT NOT NULL,
        path TEXT NOT NULL,
        tool TEXT NOT NULL,
        action TEXT NOT NULL CHECK (action IN ('write', 'insert')),
        reference TEXT NOT NULL,
        base_hash TEXT NOT NULL,
        new_content TEXT NOT NULL,
        diff TEXT NOT NULL,
        status TEXT NOT NULL
          CHECK (status IN ('proposed', 'applied', 'discarded', 'stale', 'undone', 'rolled_back')),
        version_id TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      INSERT INTO proposed_edits_v6 SELECT id, session_id, message_id, document_id, path, tool,
        action, reference, base_hash, new_content, diff, status, version_id, created_at, updated_at
        FROM proposed_edits ORDER BY rowid;
      DROP TABLE proposed_edits;
      ALTER TABLE proposed_edits_v6 RENAME TO proposed_edits;
      CREATE INDEX proposed_edits_session ON proposed_edits(session_id, created_at);
      CREATE INDEX proposed_edits_document ON proposed_edits(document_id);

      -- Who did it (id and name as they were then); NULL on rows stored before, and on versions
      -- that keep text written outside Footnote.
      ALTER TABLE audit_events ADD COLUMN user_id TEXT;
      ALTER TABLE audit_events ADD COLUMN user_name TEXT;
      ALTER TABLE versions ADD COLUMN user_id TEXT;
      ALTER TABLE versions ADD COLUMN user_name TEXT;
    `,
  },
  {
    version: 7,
    name: 'summaries say who wrote them: the first paragraph or a model',
    sql: `
      ALTER TABLE summaries ADD COLUMN source TEXT NOT NULL DEFAULT 'model'
        CHECK (source IN ('paragraph', 'model'));
    `,
  },
  {
    version: 8,
    name: 'tool calls in their own rows, with a result summary and the documents they returned',
    sql: `
      -- Each tool call of an answer, in order: what the model asked (input, JSON), whether it
      -- worked, a short summary of the result and the documents it returned (JSON list of
      -- {documentId, path, title}). Until now the calls sat in the message payload without documents.
      CREATE TABLE tool_calls (
        message_id TEXT NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
        ordinal INTEGER NOT NULL,
        call_id TEXT NOT NULL,
        name TEXT NOT NULL,
        input TEXT NOT NULL,
        ok INTEGER NOT NULL,
        summary TEXT NOT NULL,
        documents TEXT NOT NULL DEFAULT '[]',
        PRIMARY KEY (message_id, ordinal)
      );
      -- Payloads that are not JSON (the empty payload of schema 1) are left alone: json_each would
      -- fail on them, so the readable ones are taken first.
      WITH readable AS MATERIALIZED (
        SELECT id, payload FROM messages
        WHERE json_valid(payload) AND json_type(payload, '$.toolCalls') = 'array'
      )
      INSERT INTO tool_calls (message_id, ordinal, call_id, name, input, ok, summary)
        SELECT readable.id, call.key,
          COALESCE(call.value ->> '$.id', 'call-' || (call.key + 1)),
          call.value ->> '$.name',
          COALESCE(call.value -> '$.input', 'null'),
          COALESCE(json_type(call.value, '$.ok') = 'true', 0),
          COALESCE(call.value ->> '$.summary', '')
        FROM readable, json_each(readable.payload, '$.toolCalls') AS call
        -- (a string element's value is its bare text, not JSON: test the type first)
        WHERE CASE WHEN call.type = 'object' THEN json_type(call.value, '$.name') = 'text' END;
      UPDATE messages SET payload = json_remove(payload, '$.toolCalls')
        WHERE json_valid(payload) AND json_type(payload, '$.toolCalls') IS NOT NULL;
    `,
  },
  {
    version: 9,
    name: 'chunk vectors: embeddings cached by model and text hash, chunk text hashes',
    sql: `
      -- One vector per model and text (SHA-256 of the chunk text, hex): a text is embedded once per
      -- model, whichever chunks carry it and however often they are re-indexed. The vector is
      -- little-endian float32, as sqlite-vec reads it; its length is kept to check queries.
      CREATE TABLE text_vectors (
        model TEXT NOT NULL,
        text_hash TEXT NOT NULL,
        dimensions INTEGER NOT NULL,
        vector BLOB NOT NULL,
        PRIMARY KEY (model, text_hash)
      );
      -- The hash of each chunk's text, filled when the embedding pass first sees the chunk. A chunk
      -- id is derived from its text, so the row never goes stale: with text_vectors it links the
      -- chunk to its vector under every model.
      CREATE TABLE chunk_texts (
        chunk_id TEXT PRIMARY KEY,
        text_hash TEXT NOT NULL
      );
      CREATE INDEX chunk_texts_hash ON chunk_texts(text_hash);
    `,
  },
];

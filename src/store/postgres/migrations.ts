import type { Migration } from '../sqlite/migrations.ts';

/**
 * The PostgreSQL schema history. Append only: never edit a migration that has shipped.
 * Version 1 is the SQLite schema of version 8, with every row keyed by its workspace (`ws`).
 */
export const POSTGRES_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'workspaces; documents, chunks, postings, links, summaries; sessions, messages, tool calls, versions, audit, edits; users',
    sql: `
      -- One row per workspace folder; every other table is scoped by its id.
      CREATE TABLE workspaces (
        id SERIAL PRIMARY KEY,
        key TEXT NOT NULL UNIQUE,
        created_at TEXT NOT NULL
      );

      CREATE TABLE documents (
        ws INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        id TEXT NOT NULL,
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
        size BIGINT NOT NULL,
        mtime_ms BIGINT NOT NULL,
        updated_at TEXT NOT NULL,
        deleted_at TEXT,
        PRIMARY KEY (ws, id)
      );
      CREATE UNIQUE INDEX documents_live_path ON documents(ws, path) WHERE status <> 'deleted';
      CREATE INDEX documents_kind ON documents(ws, kind, status);

      -- The analyzed fields (index terms joined by spaces, see core/analyze-text.ts) sit on the
      -- chunk; chunk_terms holds the terms of live chunks only, as chunks_fts does in SQLite.
      CREATE TABLE chunks (
        ws INTEGER NOT NULL,
        id TEXT NOT NULL,
        rowid BIGSERIAL NOT NULL UNIQUE,
        document_id TEXT NOT NULL,
        ordinal INTEGER NOT NULL,
        text TEXT NOT NULL,
        start_offset INTEGER NOT NULL,
        end_offset INTEGER NOT NULL,
        heading_path TEXT NOT NULL DEFAULT '[]',
        page INTEGER,
        section_id TEXT,
        active BOOLEAN NOT NULL DEFAULT TRUE,
        title_index TEXT NOT NULL DEFAULT '',
        headings_index TEXT NOT NULL DEFAULT '',
        body_index TEXT NOT NULL DEFAULT '',
        title_terms INTEGER NOT NULL DEFAULT 0,
        heading_terms INTEGER NOT NULL DEFAULT 0,
        body_terms INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (ws, id),
        FOREIGN KEY (ws, document_id) REFERENCES documents(ws, id) ON DELETE CASCADE
      );
      CREATE INDEX chunks_document ON chunks(ws, document_id, active, ordinal);
      CREATE INDEX chunks_live ON chunks(ws) INCLUDE (title_terms, heading_terms, body_terms)
        WHERE active;

      CREATE TABLE chunk_terms (
        ws INTEGER NOT NULL,
        term TEXT NOT NULL,
        chunk BIGINT NOT NULL REFERENCES chunks(rowid) ON DELETE CASCADE,
        title INTEGER NOT NULL,
        headings INTEGER NOT NULL,
        body INTEGER NOT NULL,
        PRIMARY KEY (ws, term, chunk)
      );
      CREATE INDEX chunk_terms_chunk ON chunk_terms(chunk);

      CREATE TABLE links (
        ws INTEGER NOT NULL,
        document_id TEXT NOT NULL,
        ordinal INTEGER NOT NULL,
        syntax TEXT NOT NULL,
        embed BOOLEAN NOT NULL,
        target TEXT NOT NULL,
        target_key TEXT NOT NULL,
        heading TEXT,
        block TEXT,
        alias TEXT,
        start_offset INTEGER NOT NULL,
        end_offset INTEGER NOT NULL,
        PRIMARY KEY (ws, document_id, ordinal),
        FOREIGN KEY (ws, document_id) REFERENCES documents(ws, id) ON DELETE CASCADE
      );
      CREATE INDEX links_target ON links(ws, target_key);

      CREATE TABLE entity_types (
        ws INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        type TEXT NOT NULL,
        ordinal INTEGER NOT NULL,
        schema TEXT NOT NULL,
        PRIMARY KEY (ws, type)
      );

      CREATE TABLE summaries (
        ws INTEGER NOT NULL,
        document_id TEXT NOT NULL,
        content_hash TEXT NOT NULL,
        summary TEXT NOT NULL,
        source TEXT NOT NULL DEFAULT 'model' CHECK (source IN ('paragraph', 'model')),
        created_at TEXT NOT NULL,
        PRIMARY KEY (ws, document_id, content_hash),
        FOREIGN KEY (ws, document_id) REFERENCES documents(ws, id) ON DELETE CASCADE
      );

      CREATE TABLE sessions (
        ws INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        id TEXT NOT NULL,
        workspace_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        title TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        PRIMARY KEY (ws, id)
      );
      CREATE INDEX sessions_owner ON sessions(ws, workspace_id, user_id, updated_at);

      CREATE TABLE messages (
        ws INTEGER NOT NULL,
        id TEXT NOT NULL,
        session_id TEXT NOT NULL,
        seq INTEGER NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('user', 'assistant')),
        content TEXT NOT NULL,
        status TEXT NOT NULL,
        grounded BOOLEAN NOT NULL DEFAULT FALSE,
        schema_version INTEGER NOT NULL,
        payload TEXT NOT NULL DEFAULT '{}',
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        PRIMARY KEY (ws, id),
        UNIQUE (ws, session_id, seq),
        FOREIGN KEY (ws, session_id) REFERENCES sessions(ws, id) ON DELETE CASCADE
      );
      CREATE INDEX messages_streaming ON messages(ws) WHERE status = 'streaming';

      CREATE TABLE tool_calls (
        ws INTEGER NOT NULL,
        message_id TEXT NOT NULL,
        ordinal INTEGER NOT NULL,
        call_id TEXT NOT NULL,
        name TEXT NOT NULL,
        input TEXT NOT NULL,
        ok BOOLEAN NOT NULL,
        summary TEXT NOT NULL,
        documents TEXT NOT NULL DEFAULT '[]',
        PRIMARY KEY (ws, message_id, ordinal),
        FOREIGN KEY (ws, message_id) REFERENCES messages(ws, id) ON DELETE CASCADE
      );

      CREATE TABLE versions (
        ws INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        id TEXT NOT NULL,
        seq BIGSERIAL NOT NULL,
        document_id TEXT NOT NULL,
        path TEXT NOT NULL,
        content TEXT NOT NULL,
        content_hash TEXT NOT NULL,
        reference TEXT,
        note TEXT NOT NULL,
        user_id TEXT,
        user_name TEXT,
        created_at TEXT NOT NULL,
        PRIMARY KEY (ws, id)
      );
      CREATE INDEX versions_document ON versions(ws, document_id, created_at);

      CREATE TABLE audit_events (
        ws INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        id TEXT NOT NULL,
        seq BIGSERIAL NOT NULL,
        kind TEXT NOT NULL,
        user_id TEXT,
        user_name TEXT,
        session_id TEXT,
        message_id TEXT,
        document_id TEXT,
        path TEXT,
        detail TEXT NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (ws, id)
      );
      CREATE INDEX audit_document ON audit_events(ws, document_id, created_at);

      CREATE TABLE proposed_edits (
        ws INTEGER NOT NULL,
        id TEXT NOT NULL,
        seq BIGSERIAL NOT NULL,
        session_id TEXT NOT NULL,
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
        updated_at TEXT NOT NULL,
        PRIMARY KEY (ws, id),
        FOREIGN KEY (ws, session_id) REFERENCES sessions(ws, id) ON DELETE CASCADE
      );
      CREATE INDEX proposed_edits_session ON proposed_edits(ws, session_id, created_at);
      CREATE INDEX proposed_edits_document ON proposed_edits(ws, document_id);

      -- Only the SHA-256 of a token is kept: a copied database grants no access.
      CREATE TABLE users (
        ws INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        id TEXT NOT NULL,
        name TEXT NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('viewer', 'member', 'admin')),
        token_hash TEXT NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (ws, id),
        UNIQUE (ws, token_hash)
      );
      CREATE UNIQUE INDEX users_name ON users(ws, lower(name));

      CREATE TABLE memberships (
        ws INTEGER NOT NULL,
        user_id TEXT NOT NULL,
        workspace_id TEXT NOT NULL,
        PRIMARY KEY (ws, user_id, workspace_id),
        FOREIGN KEY (ws, user_id) REFERENCES users(ws, id) ON DELETE CASCADE
      );
    `,
  },
  {
    version: 2,
    name: 'running totals of the live chunks per workspace, for ranking statistics',
    sql: `
      -- Kept by the writes that add and retire chunks, so a search reads one row instead of
      -- summing every live chunk (FTS5 keeps the same totals for bm25()).
      CREATE TABLE corpus_totals (
        ws INTEGER PRIMARY KEY REFERENCES workspaces(id) ON DELETE CASCADE,
        chunks BIGINT NOT NULL DEFAULT 0,
        title_terms BIGINT NOT NULL DEFAULT 0,
        heading_terms BIGINT NOT NULL DEFAULT 0,
        body_terms BIGINT NOT NULL DEFAULT 0
      );
      INSERT INTO corpus_totals (ws, chunks, title_terms, heading_terms, body_terms)
        SELECT w.id, COUNT(c.rowid), COALESCE(SUM(c.title_terms), 0),
          COALESCE(SUM(c.heading_terms), 0), COALESCE(SUM(c.body_terms), 0)
        FROM workspaces w LEFT JOIN chunks c ON c.ws = w.id AND c.active
        GROUP BY w.id;
    `,
  },
  {
    version: 3,
    name: 'chat turns counted per user for a rate limit shared by every server',
    sql: `
      -- One row per accepted turn, in milliseconds since the epoch by the database's clock, so
      -- servers whose clocks differ count one window; rows older than the window are deleted.
      CREATE TABLE rate_limit_turns (
        id BIGSERIAL PRIMARY KEY,
        ws INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        key TEXT NOT NULL,
        at BIGINT NOT NULL
      );
      CREATE INDEX rate_limit_turns_key ON rate_limit_turns(ws, key, at);
    `,
  },
  {
    version: 4,
    name: 'an index lease per workspace (one process indexes at a time) and its index version',
    sql: `
      -- holder: the process indexing now, until expires_at (milliseconds by the database's clock,
      -- renewed while it runs); rerun: another process saw a change meanwhile, so the holder runs
      -- once more before letting go; version: bumped by every run that changed the index.
      CREATE TABLE index_leases (
        ws INTEGER PRIMARY KEY REFERENCES workspaces(id) ON DELETE CASCADE,
        holder TEXT,
        expires_at BIGINT NOT NULL DEFAULT 0,
        rerun BOOLEAN NOT NULL DEFAULT FALSE,
        version BIGINT NOT NULL DEFAULT 0
      );
    `,
  },
];

/**
 * The vector schema, kept apart from {@link POSTGRES_MIGRATIONS}: it needs the pgvector extension,
 * which many servers lack, so it is applied (and recorded in `vector_schema_migrations`) only when
 * a workspace first uses an embedding model. Append only, like the base history.
 */
export const POSTGRES_VECTOR_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'chunk vectors: embeddings cached by workspace, model and text hash; chunk text hashes',
    sql: `
      -- One vector per workspace, model and text (SHA-256 of the chunk text, hex): a text is
      -- embedded once per model. The column has no fixed length, so models of different lengths
      -- share it; queries always keep to one model.
      CREATE TABLE text_vectors (
        ws INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        model TEXT NOT NULL,
        text_hash TEXT NOT NULL,
        dimensions INTEGER NOT NULL,
        vector vector NOT NULL,
        PRIMARY KEY (ws, model, text_hash)
      );
      -- The hash of each chunk's text, filled when the embedding pass first sees the chunk; a
      -- chunk id is derived from its text, so the row never goes stale.
      CREATE TABLE chunk_texts (
        ws INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        chunk_id TEXT NOT NULL,
        text_hash TEXT NOT NULL,
        PRIMARY KEY (ws, chunk_id)
      );
      CREATE INDEX chunk_texts_hash ON chunk_texts(ws, text_hash);
    `,
  },
];

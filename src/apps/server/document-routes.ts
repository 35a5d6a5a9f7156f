import { createReadStream } from 'node:fs';
import { rollbackDocument } from '../../chat/index.ts';
import {
  countWords,
  type DocumentVersion,
  firstParagraph,
  outlineOf,
  type StoredDocument,
} from '../../core/index.ts';
import {
  ContentQuery,
  DocumentsQuery,
  RollbackBody,
  type VersionJson,
} from '../../protocol/index.ts';
import { resolveRealInside } from '../../workspace/index.ts';
import type { RouteKit } from './create-server.ts';
import { HttpError, notFound, parseInput } from './http-error.ts';
import type { RequestUser } from './server-options.ts';
import type { WorkspaceHandle } from './workspace-handle.ts';

const MIME: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  md: 'text/markdown; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

const mimeOf = (doc: StoredDocument) => {
  const ext = doc.path.slice(doc.path.lastIndexOf('.') + 1).toLowerCase();
  return (
    MIME[ext] ??
    (typeof doc.metadata.mime === 'string' ? doc.metadata.mime : 'application/octet-stream')
  );
};

/**
 * A document's versions as `user` may see them (never their text): the session and message ids of
 * an edit's version, and who wrote a version, only for that user and admins — another member's
 * conversation is not named to anyone else.
 */
export async function versionsFor(
  ws: WorkspaceHandle,
  user: RequestUser,
  versions: readonly DocumentVersion[],
): Promise<VersionJson[]> {
  const owners = new Map<string, string | null>();
  const ownerOf = async (sessionId: string) => {
    if (!owners.has(sessionId))
      owners.set(sessionId, (await ws.sessions.getSession(sessionId))?.userId ?? null);
    return owners.get(sessionId) ?? null;
  };
  const admin = user.role === 'admin';
  return Promise.all(
    versions.map(async (v) => {
      const { reference, user: writer } = v;
      const seesIds =
        admin || (reference?.sessionId ? (await ownerOf(reference.sessionId)) === user.id : false);
      return {
        id: v.id,
        documentId: v.documentId,
        path: v.path,
        contentHash: v.contentHash,
        reference: reference && {
          raw: reference.raw,
          sessionId: seesIds ? reference.sessionId : null,
          messageId: seesIds ? reference.messageId : null,
        },
        note: v.note,
        user: writer && (admin || writer.id === user.id) ? writer : null,
        createdAt: v.createdAt,
      };
    }),
  );
}

/** Document listing, metadata, spans, pages, the original file, versions and rollback. */
export function registerDocumentRoutes(kit: RouteKit): void {
  const load = async (ws: WorkspaceHandle, params: unknown): Promise<StoredDocument> => {
    const { documentId } = params as { documentId: string };
    const doc = await ws.store.getDocument(documentId);
    if (!doc) throw notFound(`document ${documentId}`);
    return doc;
  };

  kit.route('GET', '/api/workspaces/:workspaceId/documents', async (request) => {
    const ws = kit.workspace(request);
    const query = parseInput(DocumentsQuery, request.query, 'query');
    const all = await ws.store.listDocuments(query.kind ? { kinds: [query.kind] } : {});
    const q = query.q?.toLowerCase();
    return {
      documents: all.filter(
        (d) => !q || d.title.toLowerCase().includes(q) || d.path.toLowerCase().includes(q),
      ),
    };
  });

  kit.route('GET', '/api/workspaces/:workspaceId/documents/:documentId', async (request) => {
    const ws = kit.workspace(request);
    const doc = await load(ws, request.params);
    return {
      document: {
        id: doc.id,
        path: doc.path,
        title: doc.title,
        kind: doc.kind,
        status: doc.status,
        aliases: doc.aliases,
        slug: doc.slug,
        metadata: doc.metadata,
        updatedAt: doc.updatedAt,
        size: doc.size,
        length: doc.body.length,
        wordCount: countWords(doc.body),
        summary: firstParagraph(doc),
        outline: outlineOf(doc),
        headings: doc.headings,
        sections: doc.sections,
        blocks: doc.blocks,
        pages: doc.pages.map((p) => ({ number: p.number, start: p.start, end: p.end })),
        entity: doc.entity,
      },
    };
  });

  kit.route(
    'GET',
    '/api/workspaces/:workspaceId/documents/:documentId/content',
    async (request) => {
      const ws = kit.workspace(request);
      const doc = await load(ws, request.params);
      const query = parseInput(ContentQuery, request.query, 'query');
      const start = query.start ?? 0;
      const end = query.end ?? doc.body.length;
      if (end > doc.body.length)
        throw new HttpError(
          400,
          'invalid_request',
          `query end: ${end} is past the end of the document (${doc.body.length})`,
          { field: 'end' },
        );
      if (start > end)
        throw new HttpError(400, 'invalid_request', `query start: ${start} is after end ${end}`, {
          field: 'start',
        });
      return {
        documentId: doc.id,
        start,
        end,
        length: doc.body.length,
        text: doc.body.slice(start, end),
      };
    },
  );

  kit.route(
    'GET',
    '/api/workspaces/:workspaceId/documents/:documentId/pages/:page',
    async (request) => {
      const ws = kit.workspace(request);
      const doc = await load(ws, request.params);
      const n = Number((request.params as { page: string }).page);
      const page = Number.isInteger(n) ? doc.pages.find((p) => p.number === n) : undefined;
      if (!page) throw notFound(`page ${(request.params as { page: string }).page} of ${doc.path}`);
      return {
        documentId: doc.id,
        page: page.number,
        pageCount: doc.pages.length,
        start: page.start,
        end: page.end,
        text: doc.body.slice(page.start, page.end),
      };
    },
  );

  kit.route(
    'GET',
    '/api/workspaces/:workspaceId/documents/:documentId/raw',
    async (request, reply) => {
      const ws = kit.workspace(request);
      const doc = await load(ws, request.params);
      if (doc.status === 'deleted') throw notFound(`file of ${doc.path}`);
      const file = await resolveRealInside(ws.root, doc.path).catch(() => {
        throw notFound(`file of ${doc.path}`);
      });
      const name = doc.path.slice(doc.path.lastIndexOf('/') + 1);
      // Header values are Latin-1: an ASCII fallback plus the exact UTF-8 name (RFC 6266).
      const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
      return reply
        .type(mimeOf(doc))
        .header(
          'content-disposition',
          `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
        )
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .send(createReadStream(file));
    },
  );

  kit.route(
    'GET',
    '/api/workspaces/:workspaceId/documents/:documentId/versions',
    async (request) => {
      const ws = kit.workspace(request);
      const doc = await load(ws, request.params);
      const versions = await ws.sessions.listVersions(doc.id);
      return { versions: await versionsFor(ws, request.footnoteUser, versions) };
    },
  );

  kit.route(
    'POST',
    '/api/workspaces/:workspaceId/documents/:documentId/versions/:versionId/rollback',
    async (request) => {
      const ws = kit.workspace(request);
      const doc = await load(ws, request.params);
      const body = parseInput(RollbackBody, request.body, 'body');
      const { versionId } = request.params as { versionId: string };
      return rollbackDocument({
        root: ws.root,
        store: ws.store,
        sessions: ws.sessions,
        path: doc.path,
        versionId,
        actor: request.footnoteUser,
        dryRun: body.dryRun ?? false,
        reindex: () => ws.reindex(),
      });
    },
  );
}

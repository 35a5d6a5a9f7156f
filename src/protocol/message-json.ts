import type { ChatMessage, Reference } from '../core/index.ts';
import { toolCallJson } from './tool-call-json.ts';

/**
 * The documented JSON shape of one reference (`resolve --json`); absent target parts are null, and
 * `target.span` is the exact passage a `[n]` source or a post's `:introduction` names (else null).
 */
export function referenceJson(ref: Reference) {
  return {
    raw: ref.raw,
    start: ref.start,
    end: ref.end,
    syntax: ref.syntax,
    origin: ref.origin,
    status: ref.status,
    // A stored reference whose document changed since: the status it had when sent.
    ...(ref.statusWhenSent && { statusWhenSent: ref.statusWhenSent }),
    permission: ref.permission,
    target: ref.target && {
      documentId: ref.target.documentId,
      path: ref.target.path,
      title: ref.target.title,
      kind: ref.target.kind,
      heading: ref.target.heading,
      block: ref.target.block,
      section: ref.target.section,
      page: ref.target.page,
      entity: ref.target.entity,
      span: ref.target.span ?? null,
    },
    candidates: ref.candidates.map((c) => ({
      documentId: c.documentId,
      path: c.path,
      title: c.title,
      kind: c.kind,
      score: c.score,
    })),
    suggestions: ref.suggestions,
    spans: ref.spans,
    notes: ref.notes,
    // One line on the target document (seed 000); null when none was looked up (resolve, old messages).
    summary: ref.summary ?? null,
  };
}

/** The documented JSON shape of a message (`ask --json`, the server, exports). */
export function messageJson(message: ChatMessage) {
  return {
    id: message.id,
    role: message.role,
    content: message.content,
    status: message.status,
    grounded: message.grounded,
    references: message.references.map(referenceJson),
    citations: message.citations.map((c) => ({
      n: c.n,
      documentId: c.documentId,
      path: c.path,
      title: c.title,
      kind: c.kind,
      chunkId: c.chunkId,
      page: c.page,
      section: c.section,
      excerpt: c.excerpt,
      start: c.start,
      end: c.end,
      quote: c.quote,
      support: c.support,
      valid: true,
      cited: c.cited,
    })),
    invalidMarkers: message.invalidMarkers,
    claims: message.claims,
    claimSummary: message.claimSummary,
    toolCalls: message.toolCalls.map(toolCallJson),
    error: message.error,
    reason: message.reason,
    createdAt: message.createdAt,
  };
}

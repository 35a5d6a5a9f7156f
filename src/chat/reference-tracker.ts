import type { DocumentKind, DocumentStatus, Reference } from '../core/index.ts';

/** What a tool touched, to be recorded as a reference of origin `tool`. */
export interface ToolTouch {
  readonly tool: string;
  readonly documentId: string;
  readonly path: string;
  readonly title: string;
  readonly kind: DocumentKind;
  readonly status: DocumentStatus;
  readonly page?: number | null;
  readonly section?: string | null;
  readonly heading?: string | null;
}

/**
 * Collects the references of a turn: the user's, then every document a tool read, searched or
 * edited (origin `tool`), one per document, so the answer lists everything it stood on.
 */
export class ReferenceTracker {
  private readonly user: readonly Reference[];
  private readonly tool = new Map<string, Reference>();

  constructor(userReferences: readonly Reference[]) {
    this.user = userReferences;
  }

  touch(t: ToolTouch): void {
    if (this.tool.has(t.documentId)) return;
    if (this.user.some((r) => r.target?.documentId === t.documentId && r.status !== 'over_limit'))
      return;
    this.tool.set(t.documentId, {
      raw: `${t.tool}: ${t.path}`,
      start: 0,
      end: 0,
      spans: [],
      syntax: 'wikilink',
      origin: 'tool',
      status: t.status === 'active' ? 'resolved' : t.status,
      permission: 'read',
      target: {
        documentId: t.documentId,
        path: t.path,
        title: t.title,
        kind: t.kind,
        status: t.status,
        heading: t.heading ?? null,
        block: null,
        section: t.section ?? null,
        page: t.page ?? null,
        entity: null,
      },
      candidates: [],
      suggestions: [],
      notes: [],
    });
  }

  get references(): Reference[] {
    return [...this.user, ...this.tool.values()];
  }
}

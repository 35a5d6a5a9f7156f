import {
  type CompleteResourceTemplateCallback,
  type ListResourcesCallback,
  type McpServer,
  type ReadResourceResult,
  ResourceTemplate,
} from '@modelcontextprotocol/server';
import { toolErrorMessage } from '../../chat/index.ts';
import { type CatalogEntry, FootnoteError, type ReferenceCatalog } from '../../core/index.ts';
import {
  completeContentSlugs,
  completeEntitySlugs,
  completeEntityTypes,
  completeHeadings,
  completePages,
  completePaths,
  completeSections,
  MAX_COMPLETIONS,
  NOTE_KINDS,
} from './completions.ts';
import { documentUri, formatFootnoteUri, parseFootnoteUri } from './footnote-uri.ts';
import { locateTarget } from './locate-target.ts';
import type { McpContext } from './mcp-context.ts';
import { McpToolError } from './mcp-tool-error.ts';
import { fetchedContent, readLocated } from './read-located.ts';
import { readSession } from './read-session.ts';

/** How a template variable completes: from the catalog, with the other variables already chosen. */
type Completer = (
  catalog: ReferenceCatalog,
  typed: string,
  args: Readonly<Record<string, string>>,
) => string[] | Promise<string[]>;

/** One `footnote://` template: its form, what it lists, and how its variables complete. */
interface TemplateSpec {
  readonly name: string;
  readonly uriTemplate: string;
  readonly title: string;
  readonly description: string;
  /** The live documents this template lists (none: the template only reads). */
  readonly lists?: (entry: CatalogEntry) => boolean;
  readonly complete: Readonly<Record<string, Completer>>;
}

const isNote = (e: CatalogEntry) => NOTE_KINDS.includes(e.kind);

/**
 * The templates, most specific first (a reader matches them in order; each reads through the same
 * URI parser, so the order only decides which template a client sees matched).
 */
const TEMPLATES: readonly TemplateSpec[] = [
  {
    name: 'note-heading',
    uriTemplate: 'footnote://note/{+path}#{heading}',
    title: 'Note heading',
    description: 'The text under one heading of a note (or ^block id).',
    complete: {
      path: (c, typed) => completePaths(c, typed, NOTE_KINDS),
      heading: (c, typed, args) => completeHeadings(c, args.path, typed),
    },
  },
  {
    name: 'note',
    uriTemplate: 'footnote://note/{+path}',
    title: 'Note, source or file',
    description: 'A note, source or text file by path (long ones as an outline).',
    lists: isNote,
    complete: { path: (c, typed) => completePaths(c, typed, NOTE_KINDS) },
  },
  {
    name: 'pdf-page',
    uriTemplate: 'footnote://pdf/{+path}/page/{page}',
    title: 'PDF page',
    description: 'The text of one page of a PDF.',
    complete: {
      path: (c, typed) => completePaths(c, typed, ['pdf']),
      page: (c, typed, args) => completePages(c, args.path, typed),
    },
  },
  {
    name: 'pdf',
    uriTemplate: 'footnote://pdf/{+path}',
    title: 'PDF',
    description: 'A PDF by path (long ones as an outline of pages).',
    lists: (e) => e.kind === 'pdf',
    complete: { path: (c, typed) => completePaths(c, typed, ['pdf']) },
  },
  {
    name: 'content-section',
    uriTemplate: 'footnote://content/{slug}/{section}',
    title: 'Content section',
    description: 'One section of a content item (blog post) by section id.',
    complete: {
      slug: (c, typed) => completeContentSlugs(c, typed),
      section: (c, typed, args) => completeSections(c, args.slug, typed),
    },
  },
  {
    name: 'content',
    uriTemplate: 'footnote://content/{slug}',
    title: 'Content item',
    description: 'A content item (blog post) by slug.',
    lists: (e) => e.kind === 'content' && e.slug !== '',
    complete: { slug: (c, typed) => completeContentSlugs(c, typed) },
  },
  {
    name: 'entity',
    uriTemplate: 'footnote://entity/{type}/{slug}',
    title: 'Entity',
    description: 'An entity (person, team …) with its typed fields.',
    lists: (e) => e.kind === 'entity' && e.entityId !== null,
    complete: {
      type: (c, typed) => completeEntityTypes(c, typed),
      slug: (c, typed, args) => completeEntitySlugs(c, args.type, typed),
    },
  },
];

/** Reads a `footnote://` resource of this workspace as text with its location. */
export async function readFootnoteResource(
  context: McpContext,
  uri: string,
): Promise<ReadResourceResult> {
  try {
    const parsed = parseFootnoteUri(uri);
    if (parsed.ok && parsed.uri.kind === 'session') {
      const { text } = await readSession(context, parsed.uri.id);
      return { contents: [{ uri, mimeType: 'text/markdown', text }] };
    }
    const at = await locateTarget(context.workspace, uri);
    const fetched = readLocated(at);
    return {
      contents: [
        {
          uri,
          mimeType: 'text/markdown',
          text: fetchedContent(fetched, at.doc),
          _meta: { path: fetched.path, start: fetched.start, end: fetched.end },
        },
      ],
    };
  } catch (error) {
    if (FootnoteError.isInstance(error)) throw error;
    context.onError?.(error);
    throw new McpToolError('read_failed', toolErrorMessage(error));
  }
}

/** Lists the live documents a template covers, each with its URI and last modification. */
const lister = (context: McpContext, spec: TemplateSpec): ListResourcesCallback | undefined =>
  spec.lists &&
  (async () => {
    const catalog = await context.workspace.catalog();
    return {
      resources: catalog.recent.filter(spec.lists as (e: CatalogEntry) => boolean).map((e) => ({
        uri: documentUri(e),
        name: e.path,
        title: e.title,
        mimeType: 'text/markdown',
        annotations: { lastModified: e.updatedAt },
      })),
    };
  });

/** The `footnote://` resource templates, their listings and completions, and the session resource. */
export function registerResources(server: McpServer, context: McpContext): void {
  const read = (uri: URL) => readFootnoteResource(context, uri.href);
  for (const spec of TEMPLATES) {
    const complete: Record<string, CompleteResourceTemplateCallback> = {};
    for (const [variable, completer] of Object.entries(spec.complete))
      complete[variable] = async (value, ctx) =>
        (await completer(await context.workspace.catalog(), value, ctx?.arguments ?? {})).slice(
          0,
          MAX_COMPLETIONS,
        );
    server.registerResource(
      spec.name,
      new ResourceTemplate(spec.uriTemplate, { list: lister(context, spec), complete }),
      { title: spec.title, description: spec.description, mimeType: 'text/markdown' },
      read,
    );
  }
  server.registerResource(
    'session',
    new ResourceTemplate('footnote://session/{id}', {
      list: async () => {
        const sessions = await context.workspace.sessions.listSessions({
          workspaceId: context.workspace.id,
          userId: context.actor.id,
        });
        return {
          resources: sessions.map((s) => ({
            uri: formatFootnoteUri({ kind: 'session', id: s.id }),
            name: s.title,
            mimeType: 'text/markdown',
            annotations: { lastModified: s.updatedAt },
          })),
        };
      },
      complete: {
        id: async (value) =>
          (
            await context.workspace.sessions.listSessions({
              workspaceId: context.workspace.id,
              userId: context.actor.id,
            })
          )
            .map((s) => s.id)
            .filter((id) => id.startsWith(value))
            .slice(0, MAX_COMPLETIONS),
      },
    }),
    {
      title: 'Chat session',
      description: 'A chat session of yours, its answers with their citations as footnotes.',
      mimeType: 'text/markdown',
    },
    read,
  );
}

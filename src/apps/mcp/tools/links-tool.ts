import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import {
  type ReferenceCatalog,
  resolveReferences,
  resolveRelativeTarget,
  type StoredLink,
} from '../../../core/index.ts';
import { documentUri } from '../footnote-uri.ts';
import { locateTarget } from '../locate-target.ts';
import type { McpContext } from '../mcp-context.ts';
import { LinksOutput } from '../mcp-schemas.ts';
import { guardTool, READS, toolResult } from './tool-result.ts';

const LinksInput = z.object({ id: z.string().min(1).max(2000) });

/** A Markdown link's address as a path (`%20` read as a space); as written when not valid encoding. */
const addressPath = (address: string): string => {
  try {
    return decodeURI(address);
  } catch {
    return address;
  }
};

/** The catalog entry an outgoing link names, resolved as the reader of its note would. */
function linkedEntry(link: StoredLink, catalog: ReferenceCatalog) {
  if (link.syntax === 'markdown')
    return catalog.atPath(addressPath(resolveRelativeTarget(link.target, link.sourcePath)));
  const ref = resolveReferences(`[[${link.target}]]`, catalog, { currentPath: link.sourcePath })[0];
  return ref?.status === 'resolved' && ref.target ? catalog.get(ref.target.documentId) : undefined;
}

/** Where an outgoing link leads: the document's path and URI, or nulls when nothing live matches. */
function linkTarget(link: StoredLink, catalog: ReferenceCatalog) {
  const entry = linkedEntry(link, catalog);
  if (!entry || entry.status === 'deleted') return { path: null, uri: null };
  return {
    path: entry.path,
    uri: documentUri(entry, { heading: link.heading, block: link.block }),
  };
}

/** `links`: what a document links to (resolved to paths) and which notes link to it. */
export function registerLinksTool(server: McpServer, context: McpContext): void {
  server.registerTool(
    'links',
    {
      title: 'Links and backlinks',
      description: 'The documents a note links to, and the notes that link to it (backlinks).',
      inputSchema: LinksInput,
      outputSchema: LinksOutput,
      annotations: READS,
    },
    guardTool(context, async ({ id }: z.output<typeof LinksInput>) => {
      const ws = context.workspace;
      const at = await locateTarget(ws, id);
      const catalog = await ws.catalog();
      const outgoing = (await ws.store.outgoingLinks(at.doc.id)).map((link) => ({
        target: link.target,
        heading: link.heading,
        embed: link.embed,
        ...linkTarget(link, catalog),
      }));
      const seen = new Set<string>();
      const backlinks = [];
      for (const link of await ws.store.backlinks(at.doc.id)) {
        if (seen.has(link.sourceId)) continue;
        seen.add(link.sourceId);
        const entry = catalog.get(link.sourceId);
        if (!entry || entry.status === 'deleted') continue;
        backlinks.push({ path: entry.path, title: entry.title, uri: documentUri(entry) });
      }
      const uri = documentUri(catalog.get(at.doc.id) ?? { ...at.doc, entityId: null });
      const text = [
        `${at.doc.path} links to: ${outgoing.map((l) => l.path ?? `${l.target} (not found)`).join(', ') || 'nothing'}`,
        `Linked from: ${backlinks.map((b) => b.path).join(', ') || 'nothing'}`,
      ].join('\n');
      return toolResult({ uri, path: at.doc.path, outgoing, backlinks }, text);
    }),
  );
}

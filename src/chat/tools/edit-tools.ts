import { tool } from 'ai';
import { parseDocument } from 'yaml';
import { z } from 'zod';
import { namedPart, type StoredDocument } from '../../core/index.ts';
import { FRONTMATTER_FENCE } from '../../workspace/split-frontmatter.ts';
import { applyEdit } from './apply-edit.ts';
import { documentOf, recorded } from './tool-call-log.ts';
import { type EditRecord, findDocument, type ToolContext, ToolInputError } from './tool-context.ts';

const EDITABLE = new Set(['note', 'content', 'source']);

async function editable(context: ToolContext, path: string): Promise<StoredDocument> {
  const doc = await findDocument(context, path);
  if (!EDITABLE.has(doc.kind) || !/\.(md|markdown|mdx)$/i.test(doc.path)) {
    throw new ToolInputError(
      `${doc.path} is a ${doc.kind}; only Markdown notes, content and sources can be edited`,
    );
  }
  return doc;
}

/** What the model reads of an edit, and what is stored with the call: proposed or written, and where. */
function editAnswer(edit: EditRecord, documents: readonly StoredDocument[]) {
  return {
    output: {
      editId: edit.id,
      status: edit.status,
      applied: edit.status === 'applied',
      versionId: edit.versionId,
      diff: edit.diff,
      ...(edit.status === 'proposed' && {
        note: 'proposed only: the user reviews this diff and applies or discards it',
      }),
    },
    summary: `${edit.status === 'applied' ? 'edited' : 'proposed an edit of'} ${edit.path}`,
    documents: documents.map(documentOf),
  };
}

/** Finds a section by id, title or heading text (or a post's introduction / conclusion), for editing. */
function partOf(doc: StoredDocument, section: string) {
  const part = namedPart(doc, section);
  if (!part) throw new ToolInputError(`no section ${JSON.stringify(section)} in ${doc.path}`);
  return part;
}

/** Where an insertion goes, relative to a section or the whole document. */
const POSITION = z
  .enum(['start', 'end', 'before'])
  .default('end')
  .describe(
    'end: after the last line of the section (or document); start: right under the section heading (or at the top of the document); before: just above the section heading',
  );

/** The body offset an insertion goes at. */
function insertionPoint(
  doc: StoredDocument,
  section: string | undefined,
  position: 'start' | 'end' | 'before',
): number {
  if (!section) {
    if (position === 'before')
      throw new ToolInputError('position "before" needs a section to go above');
    return position === 'start' ? 0 : doc.body.length;
  }
  const part = partOf(doc, section);
  if (position === 'before') return part.start;
  if (position === 'end') return part.end;
  // Under the heading: past the heading line when the part opens with one.
  const opensWithHeading = /^#{1,6}\s/.test(doc.body.slice(part.start, part.start + 7));
  if (!opensWithHeading) return part.start;
  const lineEnd = doc.body.indexOf('\n', part.start);
  return lineEnd === -1 || lineEnd > part.end ? part.end : lineEnd + 1;
}

/** The raw file with `block` inserted at `offset` as a paragraph of its own (blank lines around it). */
function insertBlock(raw: string, offset: number, block: string): string {
  const before = raw.slice(0, offset).replace(/\s*$/, '');
  const after = raw.slice(offset).replace(/^\s*\n/, '');
  const head = before === '' ? '' : `${before}\n\n`;
  return `${head}${block.trim()}\n${after ? `\n${after}` : ''}`;
}

/** The inputs of the write tools, shared with the MCP server, which offers the same tools. */
export const EDIT_TOOL_INPUTS = {
  edit_section: z.object({
    path: z.string().min(1).max(500),
    section: z.string().min(1).max(300),
    content: z.string().max(100_000),
  }),
  edit_metadata: z.object({
    path: z.string().min(1).max(500),
    set: z
      .record(
        z.string(),
        z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]),
      )
      .default({}),
    remove: z.array(z.string()).default([]),
  }),
  write_content: z.object({ path: z.string().min(1).max(500), content: z.string().max(500_000) }),
  insert_file: z.object({
    path: z.string().min(1).max(500),
    file: z.string().min(1).max(500),
    section: z.string().max(300).optional(),
    position: POSITION,
  }),
  insert_text: z.object({
    path: z.string().min(1).max(500),
    content: z.string().min(1).max(100_000),
    section: z.string().max(300).optional(),
    position: POSITION,
  }),
} as const;

/** The write tools of agent mode; each goes through `applyEdit`, which enforces permissions. */
export function editTools(context: ToolContext) {
  return {
    edit_section: tool({
      description:
        'Replace the text of one section of a referenced document (the heading stays). Only documents the user referenced for editing can be changed.',
      inputSchema: EDIT_TOOL_INPUTS.edit_section,
      execute: recorded(context.log, async ({ path, section, content }) => {
        const doc = await editable(context, path);
        const part = partOf(doc, section);
        const headingEnd = doc.body.indexOf('\n', part.start);
        const keepUntil = headingEnd === -1 || headingEnd > part.end ? part.end : headingEnd;
        const edit = await applyEdit(context, {
          tool: 'edit_section',
          doc,
          action: 'write',
          change: (raw, at) => {
            const after = raw.slice(at + part.end).replace(/^\n*/, '');
            return `${raw.slice(0, at + keepUntil)}\n\n${content.trim()}\n${after ? `\n${after}` : ''}`;
          },
        });
        return editAnswer(edit, [doc]);
      }),
    }),
    edit_metadata: tool({
      description: 'Set or remove frontmatter fields of a referenced document.',
      inputSchema: EDIT_TOOL_INPUTS.edit_metadata,
      execute: recorded(context.log, async ({ path, set, remove }) => {
        const doc = await editable(context, path);
        const edit = await applyEdit(context, {
          tool: 'edit_metadata',
          doc,
          action: 'write',
          change: (raw, at) => {
            const bom = raw.startsWith('\uFEFF') ? '\uFEFF' : '';
            const head = raw.slice(bom.length, at);
            const match = FRONTMATTER_FENCE.exec(head);
            if (head.trim() !== '' && match?.[0].length !== head.length) {
              throw new ToolInputError(
                `${doc.path} starts with something that is not a frontmatter block; not changing it`,
              );
            }
            const yaml = parseDocument(match?.[1] ?? '');
            if (yaml.errors.length > 0)
              throw new ToolInputError(
                `the frontmatter of ${doc.path} is not valid YAML; fix it first`,
              );
            for (const [key, value] of Object.entries(set)) yaml.set(key, value);
            for (const key of remove) yaml.delete(key);
            const fields = String(yaml).trimEnd();
            const frontmatter = fields && fields !== '{}' ? `---\n${fields}\n---\n` : '';
            return `${bom}${frontmatter}${raw.slice(at)}`;
          },
        });
        return editAnswer(edit, [doc]);
      }),
    }),
    write_content: tool({
      description: 'Replace the whole body of a referenced document (frontmatter is kept).',
      inputSchema: EDIT_TOOL_INPUTS.write_content,
      execute: recorded(context.log, async ({ path, content }) => {
        const doc = await editable(context, path);
        const edit = await applyEdit(context, {
          tool: 'write_content',
          doc,
          action: 'write',
          change: (raw, at) =>
            `${raw.slice(0, at)}${content.endsWith('\n') ? content : `${content}\n`}`,
        });
        return editAnswer(edit, [doc]);
      }),
    }),
    insert_text: tool({
      description:
        'Add new text (a paragraph, a list, a new section) to a referenced document without changing its existing text: under a section heading, at the end of a section, just above a section, or at the top or end of the document. Works with insert or write permission.',
      inputSchema: EDIT_TOOL_INPUTS.insert_text,
      execute: recorded(context.log, async ({ path, content, section, position }) => {
        const doc = await editable(context, path);
        const offset = insertionPoint(doc, section, position);
        const edit = await applyEdit(context, {
          tool: 'insert_text',
          doc,
          action: 'insert',
          change: (raw, at) => insertBlock(raw, at + offset, content),
        });
        return editAnswer(edit, [doc]);
      }),
    }),
    insert_file: tool({
      description:
        'Embed a workspace file (e.g. an image) into a referenced document: under a section heading, at the end of a section, just above a section, or at the top or end of the document. The user must have referenced the file too.',
      inputSchema: EDIT_TOOL_INPUTS.insert_file,
      execute: recorded(context.log, async ({ path, file, section, position }) => {
        const doc = await editable(context, path);
        const embedded = await findDocument(context, file);
        const name = embedded.path.slice(embedded.path.lastIndexOf('/') + 1);
        const offset = insertionPoint(doc, section, position);
        const edit = await applyEdit(context, {
          tool: 'insert_file',
          doc,
          action: 'insert',
          embeds: [embedded],
          change: (raw, at) => insertBlock(raw, at + offset, `![[${name}]]`),
        });
        return editAnswer(edit, [doc, embedded]);
      }),
    }),
  };
}

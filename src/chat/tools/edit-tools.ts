import { tool } from 'ai';
import { parseDocument } from 'yaml';
import { z } from 'zod';
import { headingPart, type StoredDocument, sectionPart } from '../../core/index.ts';
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

/** Finds a section by id, title or heading text, for editing. */
function partOf(doc: StoredDocument, section: string) {
  const byTitle = doc.sections.find((s) => s.title.toLowerCase() === section.toLowerCase());
  const part =
    sectionPart(doc, section) ??
    (byTitle ? sectionPart(doc, byTitle.id) : null) ??
    headingPart(doc, section);
  if (!part) throw new ToolInputError(`no section ${JSON.stringify(section)} in ${doc.path}`);
  return part;
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
    insert_file: tool({
      description:
        'Embed a workspace file (e.g. an image) into a referenced document, at the end of a section or of the document. The user must have referenced the file too.',
      inputSchema: EDIT_TOOL_INPUTS.insert_file,
      execute: recorded(context.log, async ({ path, file, section }) => {
        const doc = await editable(context, path);
        const embedded = await findDocument(context, file);
        const name = embedded.path.slice(embedded.path.lastIndexOf('/') + 1);
        const end = section ? partOf(doc, section).end : doc.body.length;
        const edit = await applyEdit(context, {
          tool: 'insert_file',
          doc,
          action: 'insert',
          embeds: [embedded],
          change: (raw, at) => {
            const before = raw.slice(0, at + end).replace(/\s*$/, '');
            const after = raw.slice(at + end);
            return `${before}\n\n![[${name}]]\n${after ? `\n${after.replace(/^\n*/, '')}` : ''}`;
          },
        });
        return editAnswer(edit, [doc, embedded]);
      }),
    }),
  };
}

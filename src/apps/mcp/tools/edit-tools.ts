import type { McpServer, ToolAnnotations } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { applyProposedEdit, EDIT_TOOL_INPUTS } from '../../../chat/index.ts';
import { MAX_MESSAGE_CHARS } from '../../../protocol/index.ts';
import { type EditToolName, runEditTurn } from '../edit-turn.ts';
import type { McpContext } from '../mcp-context.ts';
import { EditOutput } from '../mcp-schemas.ts';
import { McpToolError } from '../mcp-tool-error.ts';
import { ownSession } from '../read-session.ts';
import { editSummary } from './ask-tool.ts';
import { guardTool, toolFailure, toolResult } from './tool-result.ts';

/** Annotations of a tool that changes documents. */
const WRITES: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: false,
};

/** What every edit tool adds to the engine's input: the request that scopes it, and apply-or-preview. */
const scope = {
  request: z.string().min(1).max(MAX_MESSAGE_CHARS),
  apply: z.boolean().default(false),
  sessionId: z.string().min(1).max(200).optional(),
};

const DESCRIPTIONS: Readonly<Record<EditToolName, string>> = {
  edit_section: "Replace one section's text (the heading stays).",
  edit_metadata: 'Set or remove frontmatter fields.',
  write_content: 'Replace the whole body (frontmatter kept).',
  insert_text:
    'Add text under, at the end of or above a section, or at the top or end, changing nothing else.',
  insert_file:
    'Embed a workspace file at the end of a section or the document; the file must be referenced too.',
};

const SCOPE_NOTE =
  ' `request` is the user\'s instruction naming the target, e.g. "update [[Note#Risks]]": only documents it references for writing can change. Preview (a diff) unless apply is true.';

/** The agent-mode tools: the chat engine's edit tools, scoped by the request, and applying a preview. */
export function registerEditTools(server: McpServer, context: McpContext): void {
  for (const name of Object.keys(EDIT_TOOL_INPUTS) as EditToolName[]) {
    const input = EDIT_TOOL_INPUTS[name].extend(scope);
    server.registerTool(
      name,
      {
        title: name.replace('_', ' '),
        description: `${DESCRIPTIONS[name]}${SCOPE_NOTE}`,
        inputSchema: input,
        outputSchema: EditOutput,
        annotations: WRITES,
      },
      guardTool(context, async (args: z.output<typeof input>) => {
        const { request, apply, sessionId, ...rest } = args as z.output<typeof input> &
          z.output<z.ZodObject<typeof scope>>;
        const outcome = await runEditTurn(context, {
          tool: name,
          request,
          input: rest,
          apply,
          sessionId,
        });
        if (!outcome.ok)
          return toolFailure(`refused: ${outcome.error} (session ${outcome.sessionId})`);
        const edit = outcome.edit;
        const applied = edit.status === 'applied';
        return toolResult(
          { ...editSummary(edit), sessionId: outcome.sessionId, applied },
          `${applied ? `Edited ${edit.path} (version ${edit.versionId})` : `Preview of an edit to ${edit.path} (edit ${edit.id}); apply it with apply_edit`}:\n${edit.diff}`,
        );
      }),
    );
  }

  const ApplyInput = z.object({ editId: z.string().min(1).max(200) });
  server.registerTool(
    'apply_edit',
    {
      title: 'Apply a previewed edit',
      description:
        'Write a previewed edit by id, if the file has not changed since and its request still allows it.',
      inputSchema: ApplyInput,
      outputSchema: EditOutput,
      annotations: WRITES,
    },
    guardTool(context, async ({ editId }: z.output<typeof ApplyInput>) => {
      const ws = context.workspace;
      const stored = await ws.sessions.getProposedEdit(editId);
      if (!stored) throw new McpToolError('not_found', `no edit ${editId}`);
      await ownSession(context, stored.sessionId).catch(() => {
        throw new McpToolError('not_found', `no edit ${editId}`);
      });
      const edit = await applyProposedEdit({
        root: ws.root,
        store: ws.store,
        sessions: ws.sessions,
        editId,
        actor: context.actor,
        reindex: () => ws.reindex(),
      });
      return toolResult(
        { ...editSummary(edit), sessionId: edit.sessionId, applied: edit.status === 'applied' },
        `Edited ${edit.path} (version ${edit.versionId}).`,
      );
    }),
  );
}

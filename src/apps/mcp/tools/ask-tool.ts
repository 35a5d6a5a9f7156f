import { randomUUID } from 'node:crypto';
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { type EditRecord, runTurn, type TurnResult } from '../../../chat/index.ts';
import { type ChatMessage, citationPlace } from '../../../core/index.ts';
import { MAX_MESSAGE_CHARS } from '../../../protocol/index.ts';
import type { McpContext } from '../mcp-context.ts';
import { AskOutput } from '../mcp-schemas.ts';
import { guardTool, toolFailure, toolResult } from './tool-result.ts';

const AskInput = z.object({
  message: z.string().min(1).max(MAX_MESSAGE_CHARS),
  sessionId: z.string().min(1).max(200).optional(),
  mode: z.enum(['chat', 'agent']).optional(),
});

/** The summary of an edit a turn or tool made, as the MCP results carry it. */
export const editSummary = (edit: EditRecord) => ({
  editId: edit.id,
  path: edit.path,
  status: edit.status,
  versionId: edit.versionId,
  diff: edit.diff,
});

/** The answer with its sources listed under it, each with its place and the quote it rests on. */
function answerText(message: ChatMessage, sessionId: string): string {
  const cited = message.citations.filter((c) => c.cited);
  const sources = cited.map((c) => {
    const quote = c.quote?.text ? ` — “${c.quote.text.replace(/\s+/g, ' ').trim()}”` : '';
    const support = c.support ? ` (${c.support})` : '';
    return `[${c.n}] ${c.title} — ${citationPlace(c).join(', ')}${quote}${support}`;
  });
  const status =
    message.status === 'complete'
      ? ''
      : `\n\n(answer ${message.status}${message.error ? `: ${message.error}` : ''})`;
  return `${message.content || '(no answer)'}${status}${sources.length ? `\n\nSources:\n${sources.join('\n')}` : ''}\n\nsession ${sessionId}`;
}

/** The structured result of a turn: the answer, its checked citations and claims, and any edits. */
function askResult(result: TurnResult) {
  const message = result.assistant;
  return {
    answer: message.content,
    sessionId: result.session.id,
    status: message.status,
    grounded: message.grounded,
    citations: message.citations.map((c) => ({
      n: c.n,
      path: c.path,
      title: c.title,
      page: c.quote?.page ?? c.page,
      section: c.section,
      start: c.start,
      end: c.end,
      cited: c.cited,
      quote: c.quote && { text: c.quote.text, start: c.quote.start, end: c.quote.end },
      support: c.support,
    })),
    claims: message.claims.map((c) => ({
      text: c.text,
      markers: [...c.markers],
      verdict: c.verdict,
    })),
    edits: result.edits.map(editSummary),
  };
}

/**
 * `ask`: one full chat turn with the configured model (the offline one unless set), answered with
 * the chat engine's checked citations; stored as a session the caller can continue. In agent mode
 * the model's edits are previews only, applied with `apply_edit`.
 */
export function registerAskTool(server: McpServer, context: McpContext): void {
  server.registerTool(
    'ask',
    {
      title: 'Ask with citations',
      description:
        'Answer a question from the workspace with checked citations: each source with its exact quote and support verdict. Name documents with [[Note]] or @mentions; pass sessionId to continue.',
      inputSchema: AskInput,
      outputSchema: AskOutput,
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: false,
      },
    },
    guardTool(context, async ({ message, sessionId, mode }: z.output<typeof AskInput>, signal) => {
      if (mode === 'agent' && context.mode !== 'agent')
        return toolFailure(
          'agent mode is off on this server (start it with --mode agent); ask in chat mode',
        );
      const allowed = (await context.takeTurn?.()) ?? { ok: true };
      if (!allowed.ok)
        return toolFailure(`too many turns; try again in ${allowed.retryAfterSeconds} s`);
      const ws = context.workspace;
      const controller = new AbortController();
      const stop = () => controller.abort(signal.reason);
      if (signal.aborted) stop();
      else signal.addEventListener('abort', stop, { once: true });
      const model = context.model();
      const running = ws.serialize(sessionId ?? `new:${randomUUID()}`, async () =>
        runTurn({
          root: ws.root,
          store: ws.store,
          vectors: ws.vectors,
          embedder: ws.embedder,
          sessions: ws.sessions,
          catalog: await ws.catalog(),
          model,
          tokenCounter: context.tokenCounter,
          message,
          sessionId: sessionId ?? null,
          workspaceId: ws.id,
          userId: context.actor.id,
          actor: context.actor,
          mode: mode ?? 'chat',
          dryRun: true,
          maxSteps: context.maxSteps ?? 8,
          ...(context.historyMessages !== undefined && {
            historyMessages: context.historyMessages,
          }),
          ...(context.contextWindow !== undefined && { contextWindow: context.contextWindow }),
          summaries: ws.summaries.lookup(context.summarizer?.(model)),
          signal: controller.signal,
          reindex: () => ws.reindex(),
          ...(context.now && { now: context.now }),
          ...(context.newId && { newId: context.newId }),
        }),
      );
      context.track?.(controller, running);
      try {
        const result = await running;
        return toolResult(askResult(result), answerText(result.assistant, result.session.id));
      } finally {
        signal.removeEventListener('abort', stop);
      }
    }),
  );
}

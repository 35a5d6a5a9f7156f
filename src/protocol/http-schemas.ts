import { z } from 'zod';
import { DOCUMENT_KINDS, MAX_SESSION_SEARCH_CHARS, SUGGEST_GROUPS } from '../core/index.ts';

/** Longest chat message accepted, in characters; longer ones get 413. */
export const MAX_MESSAGE_CHARS = 32_000;

/** NUL and the other C0 controls (and DEL): never part of a title or a path a person typed. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/**
 * Control characters a message cannot carry: all but tab and line breaks, form feed and vertical
 * tab among them since text copied out of a PDF carries its page breaks (NUL would end strings in
 * other programs, ESC would drive the terminal `footnote chat` prints the message in).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const MESSAGE_CONTROL_CHARACTER = /[\u0000-\u0008\u000e-\u001f\u007f]/;

/** True when a message has no control character but tab and line breaks. */
export const hasNoControlCharacters = (text: string): boolean =>
  !MESSAGE_CONTROL_CHARACTER.test(text);

const NO_CONTROL_IN_MESSAGE =
  'message must not contain control characters (other than tabs and line breaks)';

/** A workspace-relative path or document id as sent by clients. */
const pathText = z
  .string()
  .min(1)
  .max(1000)
  .refine((path) => !CONTROL_CHARACTER.test(path), 'path must not contain control characters');

/** Most permission choices one chat request may carry. */
export const MAX_PERMISSION_OVERRIDES = 50;

/** Permissions chosen in the UI for referenced targets, by path; they replace the inferred ones. */
const PermissionOverrides = z
  .array(z.object({ path: pathText, permission: z.enum(['read', 'write', 'insert']) }).strict())
  .max(MAX_PERMISSION_OVERRIDES);

/** True when a text has something besides whitespace: a blank message is no question. */
export const isNotBlank = (text: string): boolean => text.trim() !== '';

/** `POST /api/workspaces/:id/chat` in Footnote's own shape. */
export const ChatBody = z
  .object({
    sessionId: z.string().min(1).max(200).optional(),
    message: z
      .string()
      .refine(isNotBlank, 'message must not be empty or only spaces')
      .refine(hasNoControlCharacters, NO_CONTROL_IN_MESSAGE),
    mode: z.enum(['chat', 'agent']).optional(),
    model: z.string().min(1).max(200).optional(),
    currentPath: pathText.optional(),
    pinned: z.array(pathText).max(20).optional(),
    permissions: PermissionOverrides.optional(),
    dryRun: z.boolean().optional(),
    /**
     * The id of an answer of the session to write again in place (Retry): its question is asked
     * again as stored (`message` is not used) and no turn is added.
     */
    retry: z.string().min(1).max(200).optional(),
    /**
     * The id of the session's last question to replace with `message` (Edit and resend): the
     * question and its answer are written again in place and no turn is added.
     */
    edit: z.string().min(1).max(200).optional(),
  })
  .strict()
  .refine((body) => !(body.retry && body.edit), {
    message: 'retry and edit cannot be sent together',
    path: ['edit'],
  });

/** One part of a message as the AI SDK's `useChat` sends it. */
const UiPart = z.object({ type: z.string(), text: z.string().optional() }).passthrough();

/** The body `useChat`'s default transport sends: the chat id and the whole message list. */
export const UseChatBody = z
  .object({
    id: z.string().min(1).max(200),
    messages: z
      .array(
        z
          .object({
            id: z.string().optional(),
            role: z.enum(['user', 'assistant', 'system']),
            parts: z.array(UiPart),
          })
          .passthrough(),
      )
      .min(1),
    trigger: z.string().optional(),
    messageId: z.string().optional(),
    mode: z.enum(['chat', 'agent']).optional(),
    /** One of the server's models (`GET /api/models`); absent: its default. */
    model: z.string().min(1).max(200).optional(),
    currentPath: pathText.optional(),
    pinned: z.array(pathText).max(20).optional(),
    permissions: PermissionOverrides.optional(),
    /** Store agent edits as proposals to apply later (the web UI always previews). */
    dryRun: z.boolean().optional(),
  })
  .passthrough();

/** `POST …/references/resolve`. */
export const ResolveBody = z
  .object({
    message: z
      .string()
      .max(MAX_MESSAGE_CHARS)
      .refine(hasNoControlCharacters, NO_CONTROL_IN_MESSAGE),
    currentPath: pathText.optional(),
    mode: z.enum(['chat', 'agent']).optional(),
    /** The open session, whose previous answer's sources `[n]` names; the caller's own only. */
    sessionId: z.string().min(1).max(200).optional(),
  })
  .strict();

/** `GET …/suggest`. */
export const SuggestQuery = z.object({
  q: z.string().max(500).default(''),
  trigger: z.enum(['[[', '@']),
  limit: z.coerce.number().int().min(1).max(50).default(8),
});

/** One autocomplete item of `GET …/suggest` (core's `SuggestItem`). */
export const SuggestItemJson = z.object({
  label: z.string(),
  /** The exact text to insert for it. */
  insert: z.string(),
  documentId: z.string(),
  path: z.string(),
  /** A document kind, or `section` / `heading` / `block` / `page` for a part of one. */
  kind: z.enum([...DOCUMENT_KINDS, 'section', 'heading', 'block', 'page']),
  detail: z.string(),
  /** When the document was last modified, ISO 8601. */
  modifiedAt: z.string(),
  /** The document's first paragraph, on one line, for the first items of an answer. */
  snippet: z.string().optional(),
});

/** The answer of `GET …/suggest`: items grouped by kind, in display order. */
export const SuggestJson = z.object({
  groups: z.array(
    z.object({
      kind: z.enum(SUGGEST_GROUPS),
      items: z.array(SuggestItemJson),
    }),
  ),
});

/** `GET …/documents`. */
export const DocumentsQuery = z.object({
  kind: z.enum(DOCUMENT_KINDS).optional(),
  q: z.string().max(500).optional(),
});

/** `GET …/documents/:docId/content`. */
export const ContentQuery = z.object({
  start: z.coerce.number().int().min(0).optional(),
  end: z.coerce.number().int().min(0).optional(),
});

/** `GET …/sessions`: with `q`, only the conversations whose title or a message contains it. */
export const SessionsQuery = z.object({
  q: z.string().max(MAX_SESSION_SEARCH_CHARS).optional(),
  /** Most conversations a search returns (without `q` every one is listed). */
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** One conversation a search found: the list's fields, and where the text was found. */
export const SessionMatchJson = z.object({
  id: z.string(),
  title: z.string(),
  messageCount: z.number(),
  lastMessageAt: z.string().nullable(),
  createdAt: z.string(),
  match: z.object({
    /** The earliest message containing the text; null when only the title does. */
    messageId: z.string().nullable(),
    role: z.enum(['user', 'assistant']).nullable(),
    /** That message around the text, whitespace folded, `…` where cut; empty for a title match. */
    snippet: z.string(),
    /** Where the text is in `snippet`. */
    highlights: z.array(z.object({ start: z.number(), end: z.number() })),
    /** How many of its messages contain the text. */
    messages: z.number(),
  }),
});

/** `GET …/sessions/:sid/export`. */
export const ExportQuery = z.object({ format: z.enum(['md', 'json']).default('md') });

/** `PATCH …/sessions/:sid`: a new title. */
export const RenameSessionBody = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, 'title must not be empty')
      .max(200)
      .refine(
        (title) => !CONTROL_CHARACTER.test(title),
        'title must not contain control characters',
      ),
  })
  .strict();

/** `POST …/documents/:docId/versions/:versionId/rollback`. */
export const RollbackBody = z.object({ dryRun: z.boolean().optional() }).strict();

/** `POST …/edits/:editId/apply|discard|undo`: no fields; no body, or `{}`. */
export const EditActionBody = z.object({}).strict();

/** Every error the API returns: a stable code, a readable message and, for bad input, the field. */
export const ErrorBody = z.object({
  error: z.object({ code: z.string(), message: z.string(), field: z.string().optional() }),
});

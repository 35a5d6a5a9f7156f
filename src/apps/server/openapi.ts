import { z } from 'zod';
import {
  ChatBody,
  ContentQuery,
  DocumentsQuery,
  EditActionBody,
  EditJson,
  ErrorBody,
  ExportQuery,
  ModelsJson,
  RenameSessionBody,
  ResolveBody,
  RollbackBody,
  RollbackResultJson,
  SessionMatchJson,
  SessionsQuery,
  SuggestJson,
  SuggestQuery,
  ToolCallJson,
  UseChatBody,
  VersionJson,
} from '../../protocol/index.ts';
import { ERROR_CODES } from './error-codes.ts';

const json = (schema: z.ZodType) => ({
  'application/json': { schema: z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) },
});
const queryParams = (schema: z.ZodObject) =>
  Object.keys(schema.shape).map((name) => ({
    name,
    in: 'query',
    schema: z.toJSONSchema(schema.shape[name] as z.ZodType, {
      io: 'input',
      unrepresentable: 'any',
    }),
  }));
const pathParam = (name: string) => ({
  name,
  in: 'path',
  required: true,
  schema: { type: 'string' },
});
const errors = { default: { description: 'error', content: json(ErrorBody) } };
const ws = pathParam('workspaceId');
const editRef = { $ref: '#/components/schemas/Edit' };
/** 403 of a write the caller's role does not allow. */
const forbiddenRole = (what: string) => ({
  description: `forbidden_role: ${what}`,
  content: json(ErrorBody),
});
const badBody = {
  description: 'invalid_request: a body that is not the documented object (`null`, an array, …)',
  content: json(ErrorBody),
};

/** One of the edit actions: POST, no body or `{}`, `{edit}` back, 400 / 403 / 404 / 409 as documented. */
const editAction = (summary: string, conflicts: string) => ({
  post: {
    summary,
    parameters: [ws, pathParam('editId')],
    requestBody: { required: false, content: json(EditActionBody) },
    responses: {
      200: {
        description: 'the edit, with its new status',
        content: {
          'application/json': {
            schema: { type: 'object', properties: { edit: editRef }, required: ['edit'] },
          },
        },
      },
      400: badBody,
      403: forbiddenRole(
        "a viewer may not act on edits, a member only on their own (edit_refused: the turn's references no longer allow it)",
      ),
      404: { description: 'no such edit for this user', content: json(ErrorBody) },
      409: { description: conflicts, content: json(ErrorBody) },
      ...errors,
    },
  },
});

/** The OpenAPI document, generated from the same zod schemas that validate requests. */
export function buildOpenApi() {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Footnote',
      version: '0.1.0',
      description: 'Grounded chat over a workspace of documents.',
    },
    paths: {
      '/health': { get: { summary: 'Liveness', responses: { 200: { description: 'ok' } } } },
      '/openapi.json': {
        get: {
          summary: 'This document (no token needed)',
          responses: { 200: { description: 'the OpenAPI document' } },
        },
      },
      '/api/workspaces': {
        get: {
          summary: 'Workspaces of the caller',
          responses: { 200: { description: 'ok' }, ...errors },
        },
      },
      '/api/models': {
        get: {
          summary:
            'Models a client may pick for a chat (`model` of the chat body), the default first, with whether each can use tools and edit',
          responses: {
            200: { description: 'the models and the default one', content: json(ModelsJson) },
            ...errors,
          },
        },
      },
      '/api/workspaces/{workspaceId}/chat': {
        post: {
          summary:
            'One chat turn: JSON, or the AI SDK UI message stream with Accept: text/event-stream',
          parameters: [ws],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  oneOf: [
                    z.toJSONSchema(ChatBody, { io: 'input' }),
                    z.toJSONSchema(UseChatBody, { io: 'input', unrepresentable: 'any' }),
                  ],
                },
              },
            },
          },
          responses: {
            200: { description: 'the answer, or its stream' },
            400: {
              description:
                'invalid_request: a body that is not the documented object; model_config: a `model` that GET /api/models does not list',
              content: json(ErrorBody),
            },
            403: forbiddenRole('agent mode (it edits documents) by a viewer'),
            404: {
              description:
                "not_found: `retry` names no answer, or `edit` no question, of the caller's session",
              content: json(ErrorBody),
            },
            409: {
              description:
                "question_not_editable: `edit` names a question that is not the session's last, or whose answer's edits were applied",
              content: json(ErrorBody),
            },
            ...errors,
          },
        },
      },
      '/api/workspaces/{workspaceId}/references/resolve': {
        post: {
          parameters: [ws],
          requestBody: { content: json(ResolveBody) },
          responses: { 200: { description: 'references' }, ...errors },
        },
      },
      '/api/workspaces/{workspaceId}/suggest': {
        get: {
          parameters: [ws, ...queryParams(SuggestQuery)],
          responses: {
            200: {
              description:
                'items grouped by kind: notes first for `[[`, entities first for `@`; with `q` empty the most recent of each kind in turns; the first items carry a `snippet`',
              content: json(SuggestJson),
            },
            ...errors,
          },
        },
      },
      '/api/workspaces/{workspaceId}/sessions': {
        get: {
          summary:
            "The caller's conversations, or with `q` those whose title or a message contains it (ignoring case), most recently active first",
          parameters: [ws, ...queryParams(SessionsQuery)],
          responses: {
            200: {
              description:
                '`{sessions}`: id, title, messageCount, lastMessageAt, createdAt; with `q` each also has `match`, the earliest message containing the text (null `messageId` when only the title does) around it, with the offsets of the text',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: {
                      sessions: {
                        type: 'array',
                        items: z.toJSONSchema(SessionMatchJson, { io: 'output' }),
                      },
                    },
                    required: ['sessions'],
                  },
                },
              },
            },
            ...errors,
          },
        },
      },
      '/api/workspaces/{workspaceId}/sessions/{sessionId}': {
        get: {
          parameters: [ws, pathParam('sessionId')],
          responses: {
            200: {
              description: 'the session with its messages and its agent edits (`edits`)',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: {
                      session: { type: 'object' },
                      messages: {
                        type: 'array',
                        items: {
                          type: 'object',
                          properties: {
                            toolCalls: {
                              type: 'array',
                              description:
                                'the tools the model called for an answer, each with a result summary and the documents it returned',
                              items: { $ref: '#/components/schemas/ToolCall' },
                            },
                          },
                        },
                      },
                      edits: { type: 'array', items: editRef },
                    },
                  },
                },
              },
            },
            ...errors,
          },
        },
        patch: {
          summary: 'Rename a session',
          parameters: [ws, pathParam('sessionId')],
          requestBody: { required: true, content: json(RenameSessionBody) },
          responses: {
            200: { description: '{session: {id, title, messageCount, lastMessageAt, createdAt}}' },
            ...errors,
          },
        },
        delete: {
          parameters: [ws, pathParam('sessionId')],
          responses: { 204: { description: 'deleted' }, ...errors },
        },
      },
      '/api/workspaces/{workspaceId}/sessions/{sessionId}/export': {
        get: {
          parameters: [ws, pathParam('sessionId'), ...queryParams(ExportQuery)],
          responses: { 200: { description: 'Markdown or JSON' }, ...errors },
        },
      },
      '/api/workspaces/{workspaceId}/sessions/{sessionId}/messages/{messageId}/context': {
        get: {
          summary: 'What the model saw for one answer: its stored context report',
          parameters: [ws, pathParam('sessionId'), pathParam('messageId')],
          responses: { 200: { description: '{context}' }, ...errors },
        },
      },
      '/api/workspaces/{workspaceId}/edits/{editId}/apply': editAction(
        'Write a proposed agent edit (permission and the file are checked again)',
        'edit_not_proposed, or edit_stale when the file changed since the preview',
      ),
      '/api/workspaces/{workspaceId}/edits/{editId}/discard': editAction(
        'Throw a proposed agent edit away',
        'edit_not_proposed',
      ),
      '/api/workspaces/{workspaceId}/edits/{editId}/undo': editAction(
        'Roll the document back to the version before an applied edit',
        'edit_not_applied',
      ),
      '/api/workspaces/{workspaceId}/documents': {
        get: {
          parameters: [ws, ...queryParams(DocumentsQuery)],
          responses: { 200: { description: 'documents' }, ...errors },
        },
      },
      '/api/workspaces/{workspaceId}/documents/{documentId}': {
        get: {
          parameters: [ws, pathParam('documentId')],
          responses: {
            200: {
              description:
                'metadata and outline: path, title, kind, status, `size` (bytes on disk), `updatedAt`, `length` (characters of text), `wordCount`, summary, headings, sections, blocks, pages',
            },
            ...errors,
          },
        },
      },
      '/api/workspaces/{workspaceId}/documents/{documentId}/content': {
        get: {
          parameters: [ws, pathParam('documentId'), ...queryParams(ContentQuery)],
          responses: { 200: { description: 'text span' }, ...errors },
        },
      },
      '/api/workspaces/{workspaceId}/documents/{documentId}/pages/{page}': {
        get: {
          parameters: [ws, pathParam('documentId'), pathParam('page')],
          responses: { 200: { description: 'page text' }, ...errors },
        },
      },
      '/api/workspaces/{workspaceId}/documents/{documentId}/raw': {
        get: {
          parameters: [ws, pathParam('documentId')],
          responses: { 200: { description: 'the original file' }, ...errors },
        },
      },
      '/api/workspaces/{workspaceId}/documents/{documentId}/versions': {
        get: {
          parameters: [ws, pathParam('documentId')],
          responses: {
            200: {
              description:
                "the document's versions, oldest first; session and message ids and the writer only for that user and admins",
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: {
                      versions: { type: 'array', items: { $ref: '#/components/schemas/Version' } },
                    },
                    required: ['versions'],
                  },
                },
              },
            },
            ...errors,
          },
        },
      },
      '/api/workspaces/{workspaceId}/documents/{documentId}/versions/{versionId}/rollback': {
        post: {
          parameters: [ws, pathParam('documentId'), pathParam('versionId')],
          summary:
            'Restore a version (a member: only over text they wrote; an admin: any); the edits it takes out become rolled_back',
          requestBody: { required: false, content: json(RollbackBody) },
          responses: {
            200: {
              description: 'diff, new version and the edits rolled back',
              content: json(RollbackResultJson),
            },
            400: badBody,
            403: forbiddenRole(
              "a viewer may not roll back; a member not over another user's text or a change by hand",
            ),
            ...errors,
          },
        },
      },
    },
    components: {
      schemas: {
        Edit: z.toJSONSchema(EditJson, { io: 'output' }),
        Version: z.toJSONSchema(VersionJson, { io: 'output' }),
        ToolCall: z.toJSONSchema(ToolCallJson, { io: 'output' }),
        ErrorCode: {
          type: 'string',
          description: '`error.code` of every error answer; its status is in `x-error-codes`',
          enum: Object.keys(ERROR_CODES),
        },
      },
    },
    /** Every error code with the status it always comes with, and when. */
    'x-error-codes': ERROR_CODES,
  };
}

/** One error code of the API: the status it always comes with, and when a client gets it. */
export interface ErrorCodeEntry {
  readonly status: number;
  readonly when: string;
}

/**
 * Every `error.code` the API answers with, and its status: published in the OpenAPI document
 * (`x-error-codes`) so clients can rely on the list, and checked by the reliability sweep against
 * every answer the server gives.
 */
export const ERROR_CODES: Readonly<Record<string, ErrorCodeEntry>> = {
  bad_request: {
    status: 400,
    when: 'the request could not be read: not HTTP, or a body that is not valid JSON',
  },
  bad_url: { status: 400, when: 'the URL has invalid percent-encoding' },
  invalid_request: {
    status: 400,
    when: 'a body, query or path parameter the route does not take; `field` names it',
  },
  invalid_input: { status: 400, when: 'input the chat engine refuses (an unusable reference)' },
  model_config: { status: 400, when: 'the requested model is not configured' },
  unauthorized: { status: 401, when: 'no valid bearer token (servers not bound to loopback)' },
  forbidden: {
    status: 403,
    when: 'a loopback server asked under another host name or origin (DNS rebinding)',
  },
  forbidden_role: { status: 403, when: "a write the caller's role does not allow" },
  edit_refused: {
    status: 403,
    when: "the turn's references no longer allow the edit being applied",
  },
  not_found: {
    status: 404,
    when: "no such route, or no such thing for this user: another user's or workspace's looks the same",
  },
  method_not_allowed: { status: 405, when: 'the route exists for other methods (see `Allow`)' },
  not_acceptable: { status: 406, when: 'no representation matches `Accept`' },
  edit_not_proposed: { status: 409, when: 'apply or discard of an edit that is not proposed' },
  edit_not_applied: { status: 409, when: 'undo of an edit that is not applied' },
  edit_stale: { status: 409, when: 'the file changed since the edit was previewed' },
  question_not_editable: {
    status: 409,
    when: "an edit (chat `edit`) of a question that is not the session's last, or whose answer's edits were applied",
  },
  too_large: {
    status: 413,
    when: 'a body over the size limit (1 MiB), or a message over 32,000 characters',
  },
  uri_too_long: { status: 414, when: 'a path parameter over 1,000 characters' },
  unsupported_media_type: {
    status: 415,
    when: 'a body that is not `application/json`',
  },
  rate_limited: { status: 429, when: 'too many chat turns; `Retry-After` says when to retry' },
  headers_too_large: { status: 431, when: 'request headers (or the URL) over 16 KB' },
  internal: { status: 500, when: 'a fault of the server; no details are sent' },
  web_ui_not_built: { status: 503, when: 'the web UI is not built (npm run build:web)' },
};

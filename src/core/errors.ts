const marker = Symbol.for('footnote.error');

/** Base class of every error Footnote throws on purpose, so callers can branch on a stable `code`. */
export class FootnoteError extends Error {
  readonly code: string;
  readonly [marker] = true;

  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'FootnoteError';
    this.code = code;
  }

  /** True for any Footnote error, across module copies (no `instanceof` pitfalls). */
  static isInstance(value: unknown): value is FootnoteError {
    return typeof value === 'object' && value !== null && marker in value;
  }
}

/** A caller passed input Footnote cannot use; carries the offending value. */
export class InvalidInputError extends FootnoteError {
  readonly input: unknown;
  readonly field: string;

  constructor(field: string, input: unknown, expected: string) {
    super('invalid_input', `${field}: expected ${expected}, got ${JSON.stringify(input)}`);
    this.name = 'InvalidInputError';
    this.field = field;
    this.input = input;
  }
}

/** A path would leave the workspace folder (`..`, absolute path, symlink out). */
export class PathOutsideWorkspaceError extends FootnoteError {
  readonly path: string;

  constructor(path: string) {
    super('path_outside_workspace', `path leaves the workspace: ${path}`);
    this.name = 'PathOutsideWorkspaceError';
    this.path = path;
  }
}

import { z } from 'zod';

/** What a correct answer to an evaluation question cites and says; null: the workspace cannot answer. */
export interface EvalExpectation {
  /** Workspace-relative path of the document a correct answer cites. */
  readonly path: string;
  /** For a PDF: the page the cited passage must be on. */
  readonly page?: number;
  /** A short phrase of the source that a correct answer contains (case and whitespace folded). */
  readonly answer?: string;
}

/** One line of an evaluation file: a message to send as a fresh turn and what should come back. */
export interface EvalQuestion {
  readonly id: string;
  readonly message: string;
  readonly expect: EvalExpectation | null;
  /** 1-based line of the file it came from. */
  readonly line: number;
}

/** The outcome of reading an evaluation file: its questions, or the first line that is wrong and why. */
export type ParsedEvalQuestions =
  | { readonly ok: true; readonly questions: readonly EvalQuestion[] }
  | { readonly ok: false; readonly line: number; readonly message: string };

const QUESTION_SHAPE =
  'expected {"id": string, "message": string, "expect": {"path": string, "page"?: integer, "answer"?: string} | null}';

const expectationSchema = z
  .object({
    path: z.string().trim().min(1),
    page: z.number().int().positive().optional(),
    answer: z.string().trim().min(1).optional(),
  })
  .strict();

const questionSchema = z
  .object({
    id: z.union([z.string().trim().min(1), z.number().int()]),
    message: z.string().trim().min(1),
    expect: expectationSchema.nullable(),
  })
  .strict();

/** Where in a line's JSON a zod issue sits, for the error message ("expect.page"). */
const issuePath = (issue: z.core.$ZodIssue) =>
  issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';

/**
 * Reads an evaluation file's text (JSON Lines, blank lines skipped). Problems are returned as
 * data with their line number, so the command line can report them as a usage error.
 */
export function parseEvalQuestions(text: string): ParsedEvalQuestions {
  const questions: EvalQuestion[] = [];
  const seen = new Map<string, number>();
  const lines = text.split(/\r?\n/);
  for (const [index, raw] of lines.entries()) {
    const line = index + 1;
    if (!raw.trim()) continue;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return { ok: false, line, message: `not JSON; ${QUESTION_SHAPE}` };
    }
    const parsed = questionSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const detail = issue ? ` (${issuePath(issue)}${issue.message})` : '';
      return { ok: false, line, message: `${QUESTION_SHAPE}${detail}` };
    }
    const id = String(parsed.data.id);
    const earlier = seen.get(id);
    if (earlier !== undefined)
      return { ok: false, line, message: `id ${JSON.stringify(id)} is also on line ${earlier}` };
    seen.set(id, line);
    const { expect } = parsed.data;
    questions.push({
      id,
      message: parsed.data.message,
      expect: expect && {
        path: expect.path,
        ...(expect.page !== undefined && { page: expect.page }),
        ...(expect.answer !== undefined && { answer: expect.answer }),
      },
      line,
    });
  }
  if (questions.length === 0) return { ok: false, line: 0, message: 'no questions in the file' };
  return { ok: true, questions };
}

import type { ToolCallRecord } from '../../core/index.ts';
import { style } from './format-output.ts';

/** Longest tool input shown on its line; the JSON is cut past it. */
const MAX_INPUT_CHARS = 80;

/** Documents named per call; the rest are counted. */
const MAX_DOCUMENTS_SHOWN = 3;

/** Control characters (ESC among them): a summary or a path never drives the terminal. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

const printable = (text: string) => text.replace(CONTROL, ' ');

/** The input as compact JSON on one line, cut when long (JSON escapes its control characters). */
function inputText(input: unknown): string {
  const json = JSON.stringify(input ?? null) ?? 'null';
  return json.length > MAX_INPUT_CHARS ? `${json.slice(0, MAX_INPUT_CHARS - 1)}…` : json;
}

/**
 * The tools an answer called, one line each for `footnote sessions show`: whether it worked, the
 * tool and its input, the stored summary and the documents it returned.
 *
 * @example `  ✓ search {"query":"pump flow"}: 5 results · notes/Pump.md, pdfs/datasheet.pdf, +2 more`
 */
export function formatToolCalls(
  calls: readonly ToolCallRecord[],
  stream: NodeJS.WriteStream,
): string {
  if (calls.length === 0) return '';
  const s = style(stream);
  const lines = [s.bold('Tools')];
  for (const call of calls) {
    const paths = call.documents.slice(0, MAX_DOCUMENTS_SHOWN).map((d) => printable(d.path));
    const more = call.documents.length - paths.length;
    const documents =
      paths.length > 0 ? ` · ${paths.join(', ')}${more > 0 ? `, +${more} more` : ''}` : '';
    const mark = call.ok ? s.green('✓') : s.yellow('✗');
    const summary = call.summary ? `: ${printable(call.summary)}` : '';
    lines.push(`  ${mark} ${printable(call.name)} ${inputText(call.input)}${summary}${documents}`);
  }
  return lines.join('\n');
}

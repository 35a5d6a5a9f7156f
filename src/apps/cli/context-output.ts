import type { ContextReport } from '../../core/index.ts';
import { style } from './format-output.ts';

/** The context report as a readable table: what went in, what was cut or dropped, and why. */
export function formatContextReport(report: ContextReport, stream: NodeJS.WriteStream): string {
  const s = style(stream);
  const b = report.budget;
  const head = `${s.bold(`${report.totalTokens}`)} tokens in the prompt — context ${b.usedTokens} of ${b.contextTokens} budgeted (window ${b.contextWindow}, answer reserve ${b.answerReserve}, fixed ${b.fixedTokens}, history allowance ${b.historyAllowance})`;
  const rows = report.items.map((item) => {
    const n = item.n !== null ? `[${item.n}]` : '   ';
    const outcome =
      item.outcome === 'whole'
        ? s.green('whole')
        : item.outcome === 'cut'
          ? s.yellow('cut')
          : s.yellow('dropped');
    const why = item.reason ? s.dim(` — ${item.reason}`) : '';
    return `  ${n.padEnd(5)} ${item.origin.padEnd(11)} ${item.label}  ${String(item.tokens).padStart(6)} tok  ${outcome}${why}`;
  });
  const h = report.history;
  const why = [
    h.overLimit > 0 && `${h.overLimit} older than the last ${h.limit}`,
    h.overBudget > 0 && `${h.overBudget} for lack of room`,
  ].filter(Boolean);
  const history = `History: kept ${h.kept} of ${h.messages} messages (${h.tokens} tokens; at most the last ${h.limit})${why.length ? s.dim(` — dropped ${why.join(', ')}`) : ''}`;
  return [head, ...(rows.length ? rows : ['  (no context items)']), history].join('\n');
}

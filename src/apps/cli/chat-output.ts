import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  type ChatMessage,
  citationPlace,
  type DocumentVersion,
  type Session,
} from '../../core/index.ts';
import { style } from './format-output.ts';

export { messageJson } from '../../protocol/index.ts';

/** A terminal hyperlink (OSC 8) to a workspace file, plain text when not on a terminal. */
export function fileLink(
  root: string,
  path: string,
  label: string,
  stream: NodeJS.WriteStream,
): string {
  if (!stream.isTTY) return label;
  const url = pathToFileURL(join(root, path)).href;
  return `\x1b]8;;${url}\x1b\\${label}\x1b]8;;\x1b\\`;
}

/** Where a citation's quote sits: the page holding it for a PDF, the field for an entity. */

const MAX_QUOTE_CHARS = 240;

/** A quote on one line, cut at a word when long. */
function shorten(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= MAX_QUOTE_CHARS) return line;
  const cut = line.slice(0, MAX_QUOTE_CHARS);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), MAX_QUOTE_CHARS / 2))}…`;
}

/** "3 of 3 claims supported" (with partial and unsupported counts), or "claims not checked" on old messages. */
export function claimsLine(message: ChatMessage): { text: string; ok: boolean } | null {
  const summary = message.claimSummary;
  if (!summary) return message.grounded ? { text: 'claims not checked', ok: false } : null;
  if (summary.claims === 0) return null;
  const extra = [
    summary.partial > 0 ? `${summary.partial} partly` : null,
    summary.unsupported > 0 ? `${summary.unsupported} unsupported` : null,
  ].filter(Boolean);
  const text = `${summary.supported} of ${summary.claims} claim${summary.claims === 1 ? '' : 's'} supported${
    extra.length > 0 ? ` (${extra.join(', ')})` : ''
  }`;
  return { text, ok: summary.supported === summary.claims };
}

/**
 * The footer under an answer: grounding, the references made and the documents tools read (each
 * with its one-line summary, seed 000), and the cited (then uncited) sources.
 */
export function formatAnswerFooter(
  message: ChatMessage,
  root: string,
  stream: NodeJS.WriteStream,
): string {
  const s = style(stream);
  const lines: string[] = [];
  const cited = message.citations.filter((c) => c.cited);
  const claims = claimsLine(message);
  lines.push(
    message.grounded
      ? `${s.green(`Grounded in ${cited.length} source${cited.length === 1 ? '' : 's'}`)}${
          claims ? ` · ${claims.ok ? s.green(claims.text) : s.yellow(claims.text)}` : ''
        }`
      : s.yellow('No sources cited'),
  );
  if (message.status !== 'complete')
    lines.push(s.yellow(`Answer ${message.status}${message.error ? `: ${message.error}` : ''}`));
  if (message.invalidMarkers.length > 0) {
    lines.push(
      s.yellow(`Markers that point nowhere: ${message.invalidMarkers.map((m) => m.raw).join(' ')}`),
    );
  }
  const userRefs = message.references.filter((r) => r.origin === 'user');
  if (userRefs.length > 0) {
    lines.push(s.bold('References'));
    for (const r of userRefs) {
      const ok = r.status === 'resolved' && r.target;
      const text = ok
        ? `${r.raw} → ${fileLink(root, r.target?.path ?? '', r.target?.path ?? '', stream)}`
        : `${r.raw} (${r.status})`;
      lines.push(`  ${ok ? text : s.yellow(text)}`);
      if (r.summary) lines.push(`    ${s.dim(r.summary)}`);
    }
  }
  const toolRefs = message.references.filter((r) => r.origin === 'tool');
  if (toolRefs.length > 0) {
    lines.push(s.bold('Read by tools'));
    for (const r of toolRefs) {
      const path = r.target?.path ?? '';
      const status = r.status === 'resolved' ? '' : s.yellow(` (${r.status})`);
      lines.push(`  ${fileLink(root, path, path, stream)}${status}`);
      if (r.summary) lines.push(`    ${s.dim(r.summary)}`);
    }
  }
  if (cited.length > 0) {
    lines.push(s.bold('Sources'));
    for (const c of cited) {
      const verdict =
        c.support === 'supported'
          ? s.green(' supported')
          : c.support === 'partial'
            ? s.yellow(' partly supported')
            : c.support === 'unsupported'
              ? s.yellow(' not found in the source')
              : '';
      lines.push(
        `  [${c.n}] ${c.title} — ${fileLink(root, c.path, citationPlace(c).join(' · '), stream)}${verdict}`,
      );
      const quote = c.quote?.found && c.support !== 'unsupported' ? c.quote.text : null;
      lines.push(`      ${quote ? `“${shorten(quote)}”` : s.dim(c.excerpt)}`);
    }
  }
  const uncited = message.citations.length - cited.length;
  if (uncited > 0)
    lines.push(s.dim(`  (${uncited} more source${uncited === 1 ? '' : 's'} given but not cited)`));
  return lines.join('\n');
}

/** One line per session: id, title, messages, last activity. */
export function formatSessions(sessions: readonly Session[], stream: NodeJS.WriteStream): string {
  const s = style(stream);
  if (sessions.length === 0) return 'No sessions yet.';
  return sessions
    .map(
      (x) =>
        `${s.bold(x.id)}  ${x.title}  ${s.dim(`${x.messageCount} messages, last ${x.lastMessageAt ?? x.updatedAt}`)}`,
    )
    .join('\n');
}

/** One line per version: id, when, why. */
export function formatVersions(
  versions: readonly DocumentVersion[],
  stream: NodeJS.WriteStream,
): string {
  const s = style(stream);
  if (versions.length === 0) return 'No versions: this document was never edited through Footnote.';
  return versions.map((v) => `${s.bold(v.id)}  ${v.createdAt}  ${v.note}`).join('\n');
}

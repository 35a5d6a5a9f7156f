import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ChatMessage, Citation, DocumentVersion, Session } from '../../core/index.ts';
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

const where = (c: Citation) =>
  [c.path, c.page !== null ? `page ${c.page}` : null, c.section ? `§ ${c.section}` : null]
    .filter(Boolean)
    .join(' · ');

/** The footer under an answer: grounding, the references made, and the cited (then uncited) sources. */
export function formatAnswerFooter(
  message: ChatMessage,
  root: string,
  stream: NodeJS.WriteStream,
): string {
  const s = style(stream);
  const lines: string[] = [];
  const cited = message.citations.filter((c) => c.cited);
  lines.push(
    message.grounded
      ? s.green(`Grounded in ${cited.length} source${cited.length === 1 ? '' : 's'}`)
      : s.yellow('General knowledge — no sources cited'),
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
    }
  }
  const toolRefs = message.references.filter((r) => r.origin === 'tool');
  if (toolRefs.length > 0)
    lines.push(s.dim(`Read by tools: ${toolRefs.map((r) => r.target?.path).join(', ')}`));
  if (cited.length > 0) {
    lines.push(s.bold('Sources'));
    for (const c of cited) {
      const quote = c.quote
        ? c.quote.found
          ? s.green(' quote checked')
          : s.yellow(' quote not found in source')
        : '';
      lines.push(`  [${c.n}] ${c.title} — ${fileLink(root, c.path, where(c), stream)}${quote}`);
      lines.push(`      ${s.dim(c.excerpt)}`);
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

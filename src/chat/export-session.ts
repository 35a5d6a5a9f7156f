import {
  type ChatMessage,
  type Citation,
  type Claim,
  citationPlace,
  type ProposedEdit,
  plainText,
  type Reference,
  readableTitle,
  type Session,
} from '../core/index.ts';
import { obsidianLink } from './obsidian-link.ts';

const VERDICT_WORDS = {
  supported: 'supported',
  partial: 'partly supported',
  unsupported: 'not found in the source',
} as const;

/** A passage or claim of a source as words on one line: its Markdown read as text. */
const oneLine = (text: string) => plainText(text).replace(/\s+/g, ' ').trim();

const MAX_QUOTES_PER_FOOTNOTE = 5;

/**
 * A footnote's text: every distinct passage of the source that the claims citing it rest on, each
 * with its verdict; messages stored before claims were checked show the excerpt instead.
 */
function footnoteText(c: Citation, claims: readonly Claim[]): string {
  const quoted: string[] = [];
  const seen = new Set<string>();
  for (const claim of claims) {
    for (const entry of claim.support) {
      if (entry.n !== c.n) continue;
      if (entry.verdict === 'unsupported' || !entry.quote) {
        const key = `unsupported:${claim.text}`;
        if (!seen.has(key)) quoted.push(`not found in the source for "${oneLine(claim.text)}"`);
        seen.add(key);
        continue;
      }
      const key = entry.quote.text;
      if (seen.has(key)) continue;
      seen.add(key);
      quoted.push(`“${oneLine(entry.quote.text)}” (${VERDICT_WORDS[entry.verdict]})`);
    }
  }
  if (quoted.length > 0) {
    const more = quoted.length - MAX_QUOTES_PER_FOOTNOTE;
    return `${quoted.slice(0, MAX_QUOTES_PER_FOOTNOTE).join('; ')}${more > 0 ? `; and ${more} more` : ''}`;
  }
  if (c.support && c.quote && c.support !== 'unsupported') {
    return `“${oneLine(c.quote.text)}” (${VERDICT_WORDS[c.support]})`;
  }
  const quote = c.quote?.found ? ` Quoted: "${oneLine(c.quote.text)}".` : '';
  return `"${oneLine(c.excerpt)}"${quote}`;
}

/** A reference as a link that opens its document in Obsidian, with its state when not current. */
function referenceLink(reference: Reference): string {
  const target = reference.target;
  if (!target) return reference.raw;
  const part =
    target.heading ?? target.section ?? (target.page !== null ? `page ${target.page}` : null);
  const label = part ? `${target.title} › ${part}` : target.title;
  const link = obsidianLink(target.path, label, { heading: target.heading, page: target.page });
  const gone = reference.status === 'deleted' || reference.status === 'archived';
  return gone ? `${link} (${reference.status})` : link;
}

/** What became of an agent edit, in words. */
const EDIT_STATES: Readonly<Record<ProposedEdit['status'], string>> = {
  proposed: 'proposed, not applied',
  applied: 'applied',
  discarded: 'discarded, not applied',
  stale: 'not applied: the file changed after the preview',
  undone: 'applied, then undone',
  rolled_back: 'applied, then taken out by a rollback',
};

const EDIT_TOOLS: Readonly<Record<string, string>> = {
  edit_section: 'Edit section',
  edit_metadata: 'Edit metadata',
  write_content: 'Rewrite document',
  insert_file: 'Insert file',
};

/** An agent edit: what it did to which document, its state, and its diff in a fence of its own. */
function editBlock(edit: ProposedEdit): string[] {
  const version =
    edit.status === 'applied' && edit.versionId ? ` (version ${edit.versionId.slice(0, 8)})` : '';
  const diff = edit.diff
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .filter((line) => !/^(Index: |={5,}$)/.test(line))
    .join('\n')
    .trimEnd();
  const longest = Math.max(2, ...[...diff.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return [
    `**${EDIT_TOOLS[edit.tool] ?? edit.tool}** ${obsidianLink(edit.path, edit.path)} — ${EDIT_STATES[edit.status] ?? edit.status}${version}; allowed by \`${edit.reference}\`.`,
    '',
    `${fence}diff`,
    diff,
    fence,
    '',
  ];
}

/**
 * A session as Markdown for a vault: each message under a heading, citation markers turned into
 * footnotes (`[^2-1]`: a link to the source by path, its page or section, and the supporting
 * quotes as plain words, unique across messages), references as links Obsidian resolves, the agent
 * edits of each answer with their state and diff, and how many claims their sources support.
 */
export function exportSessionMarkdown(
  session: Session,
  messages: readonly ChatMessage[],
  edits: readonly ProposedEdit[] = [],
): string {
  const out = [
    `# ${readableTitle(session.title)}`,
    '',
    `*Footnote session ${session.id}, started ${session.createdAt}*`,
    '',
  ];
  messages.forEach((message, index) => {
    const turn = index + 1;
    out.push(`## ${message.role === 'user' ? 'You' : 'Footnote'}`, '');
    const cited = new Set(message.citations.filter((c) => c.cited).map((c) => c.n));
    const invalid = new Set(message.invalidMarkers.map((m) => m.start));
    let body = message.content;
    if (message.role === 'assistant') {
      body = message.content.replace(
        /\[(\d+(?:\s*[,–-]\s*\d+)*)\]/g,
        (raw, inner: string, offset: number) => {
          if (invalid.has(offset)) return raw;
          const numbers = inner.split(/\s*,\s*/).flatMap((part) => {
            const [a, b] = part.split(/\s*[–-]\s*/).map(Number);
            if (a === undefined || Number.isNaN(a)) return [];
            if (b === undefined || Number.isNaN(b)) return [a];
            return Array.from({ length: Math.max(0, Math.min(b - a, 50)) + 1 }, (_, k) => a + k);
          });
          return numbers.every((n) => cited.has(n))
            ? numbers.map((n) => `[^${turn}-${n}]`).join('')
            : raw;
        },
      );
    }
    out.push(body || '*(no answer)*', '');
    if (message.status !== 'complete')
      out.push(
        `*This answer is ${message.status}${message.error ? `: ${message.error}` : ''}.*`,
        '',
      );
    const refs = message.references.filter((r) => r.target);
    if (refs.length > 0) {
      const label = message.role === 'user' ? 'References' : 'Documents used';
      out.push(`${label}: ${refs.map(referenceLink).join('; ')}`, '');
    }
    for (const edit of edits.filter((e) => e.messageId === message.id))
      out.push(...editBlock(edit));
    if (message.role === 'assistant' && message.claimSummary && message.claimSummary.claims > 0) {
      const summary = message.claimSummary;
      const noun = summary.claims === 1 ? 'claim' : 'claims';
      out.push(
        `*${summary.supported} of ${summary.claims} ${noun} supported by their sources.*`,
        '',
      );
    }
    for (const c of message.citations.filter((x) => x.cited)) {
      const page = c.quote?.page ?? c.page;
      const link = obsidianLink(c.path, c.title || c.path, { heading: c.heading, page });
      const place = citationPlace(c).slice(1);
      out.push(
        `[^${turn}-${c.n}]: ${link}${place.length > 0 ? `, ${place.join(', ')}` : ''}. ${footnoteText(c, message.claims)}`,
      );
    }
    if (message.citations.some((x) => x.cited)) out.push('');
  });
  return `${out.join('\n').trimEnd()}\n`;
}

/**
 * A session as JSON: the session, every message with references, citations and tool calls, and
 * the agent edits with their diff and state (not the new file text, which stays in the store).
 */
export function exportSessionJson(
  session: Session,
  messages: readonly ChatMessage[],
  edits: readonly ProposedEdit[] = [],
): string {
  const shown = edits.map(({ newContent: _text, baseHash: _hash, ...edit }) => edit);
  return `${JSON.stringify({ session, messages, edits: shown }, null, 2)}\n`;
}

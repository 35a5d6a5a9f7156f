import {
  type ChatMessage,
  type Citation,
  type Claim,
  citationPlace,
  type Session,
} from '../core/index.ts';

const VERDICT_WORDS = {
  supported: 'supported',
  partial: 'partly supported',
  unsupported: 'not found in the source',
} as const;

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

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

/**
 * A session as Markdown: each message under a heading, citation markers turned into footnotes
 * (`[^2-1]` with title, path, page and the supporting quote, unique across messages), references
 * listed, and how many claims their sources support.
 */
export function exportSessionMarkdown(session: Session, messages: readonly ChatMessage[]): string {
  const out = [
    `# ${session.title}`,
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
      out.push(
        `${label}: ${refs.map((r) => `${r.origin === 'user' ? r.raw : `[[${r.target?.title}]]`} (${r.target?.path}${r.status === 'deleted' || r.status === 'archived' ? `, ${r.status}` : ''})`).join('; ')}`,
        '',
      );
    }
    if (message.role === 'assistant' && message.claimSummary && message.claimSummary.claims > 0) {
      const summary = message.claimSummary;
      const noun = summary.claims === 1 ? 'claim' : 'claims';
      out.push(
        `*${summary.supported} of ${summary.claims} ${noun} supported by their sources.*`,
        '',
      );
    }
    for (const c of message.citations.filter((x) => x.cited)) {
      out.push(
        `[^${turn}-${c.n}]: ${c.title} — ${citationPlace(c).join(', ')}. ${footnoteText(c, message.claims)}`,
      );
    }
    if (message.citations.some((x) => x.cited)) out.push('');
  });
  return `${out.join('\n').trimEnd()}\n`;
}

/** A session as JSON: the session and every message with references, citations and tool calls. */
export function exportSessionJson(session: Session, messages: readonly ChatMessage[]): string {
  return `${JSON.stringify({ session, messages }, null, 2)}\n`;
}

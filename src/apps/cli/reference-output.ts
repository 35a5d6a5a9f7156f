import type { Reference, SuggestGroup } from '../../core/index.ts';

export { referenceJson } from '../../protocol/index.ts';

import { style } from './format-output.ts';

const where = (ref: Reference) => {
  const t = ref.target;
  if (!t) return '';
  const part =
    t.page !== null
      ? ` · page ${t.page}`
      : t.block
        ? ` · ^${t.block}`
        : t.section
          ? ` · §${t.section}`
          : t.heading
            ? ` · # ${t.heading}`
            : '';
  return `${t.path}${part}`;
};

/** One readable line per reference: status mark, what was written, what it means. */
export function formatReferences(refs: readonly Reference[], stream: NodeJS.WriteStream): string {
  const s = style(stream);
  if (refs.length === 0) return 'No references in this message.';
  return refs
    .map((ref) => {
      const permission = ref.permission === 'read' ? '' : s.cyan(` [${ref.permission}]`);
      const twice = ref.spans.length > 1 ? s.dim(` (×${ref.spans.length})`) : '';
      const notes = ref.notes.map((n) => `\n    ${s.dim(n)}`).join('');
      switch (ref.status) {
        case 'resolved':
          return `${s.green('✓')} ${ref.raw}${twice} → ${where(ref)}${permission}${notes}`;
        case 'archived':
        case 'deleted':
          return `${s.yellow('!')} ${ref.raw}${twice} → ${where(ref)} ${s.yellow(`(${ref.status})`)}${permission}${notes}`;
        case 'over_limit':
          return `${s.yellow('…')} ${ref.raw} → ${where(ref)} ${s.yellow('(over the limit; not loaded)')}`;
        case 'ambiguous':
          return `${s.yellow('?')} ${ref.raw} — ${ref.candidates.length} matches: ${ref.candidates.map((c) => c.path).join(', ')}`;
        default: {
          const hint = ref.suggestions.length
            ? `; did you mean ${ref.suggestions.map((x) => x.insert).join(', ')}?`
            : '';
          return `${s.yellow('✗')} ${s.yellow(`${ref.raw} — not found${hint}`)}${notes}`;
        }
      }
    })
    .join('\n');
}

/** Autocomplete groups as an indented list. */
export function formatSuggestions(
  groups: readonly SuggestGroup[],
  stream: NodeJS.WriteStream,
): string {
  const s = style(stream);
  if (groups.length === 0) return 'No suggestions.';
  return groups
    .map(
      (g) =>
        `${s.bold(g.kind)}\n${g.items.map((i) => `  ${i.insert}  ${s.dim(i.detail)}`).join('\n')}`,
    )
    .join('\n');
}

import type { Reference } from '../../../core/index.ts';

/** One plain line per reference for a model to read: what was written, what it resolved to. */
export function formatReferenceLine(ref: Reference): string {
  const t = ref.target;
  const part = t
    ? t.page !== null
      ? ` page ${t.page}`
      : t.block
        ? ` ^${t.block}`
        : t.section
          ? ` § ${t.section}`
          : t.heading
            ? ` # ${t.heading}`
            : ''
    : '';
  const permission = ref.permission === 'read' ? '' : ` [${ref.permission}]`;
  switch (ref.status) {
    case 'resolved':
    case 'archived':
    case 'deleted':
      return `${ref.raw} → ${t?.path}${part}${ref.status === 'resolved' ? '' : ` (${ref.status})`}${permission}`;
    case 'ambiguous':
      return `${ref.raw} is ambiguous: ${ref.candidates.map((c) => c.path).join(', ')}`;
    case 'over_limit':
      return `${ref.raw} → over the per-message limit; not loaded`;
    default: {
      const hint = ref.suggestions.map((s) => s.insert).slice(0, 3);
      return `${ref.raw} → not found${hint.length ? `; did you mean ${hint.join(', ')}` : ''}`;
    }
  }
}

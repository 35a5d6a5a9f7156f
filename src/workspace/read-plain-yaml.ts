/** `key:` or `key: value` at the start of a line; keys of letters, digits, `_` and `-`. */
const KEY_LINE = /^([A-Za-z_][A-Za-z0-9_-]*):(?: +(.*))?$/;
/** A block sequence item, `- value`, indented by spaces. */
const ITEM_LINE = /^( *)- +(.*)$/;

const NULL = /^(?:~|[Nn]ull|NULL)?$/;
const TRUE = /^(?:[Tt]rue|TRUE)$/;
const FALSE = /^(?:[Ff]alse|FALSE)$/;
const INTEGER = /^[-+]?[0-9]{1,15}$/;
/** What the YAML core schema may read as a number other than a short decimal integer: left to the yaml package. */
const OTHER_NUMBER = /^[-+]?(?:[0-9]|\.[0-9]|\.inf|\.Inf|\.INF|\.nan|\.NaN|\.NAN)/;
/** Characters that open other syntax at the start of a plain value. */
const INDICATOR = /^[-?:,[\]{}#&*!|>'"%@`]/;

/** Why a value is left to the yaml package. */
const UNSURE = Symbol('unsure');

/** A scalar as the YAML core schema reads it, or {@link UNSURE}. */
function scalar(written: string): unknown {
  const raw = written.trimEnd();
  const quote = raw[0];
  if ((quote === '"' || quote === "'") && raw.length >= 2 && raw.endsWith(quote)) {
    const inner = raw.slice(1, -1);
    // Escapes, and quotes doubled inside, have rules of their own.
    return inner.includes(quote) || inner.includes('\\') ? UNSURE : inner;
  }
  if (raw.includes(': ') || raw.includes(' #') || raw.endsWith(':')) return UNSURE;
  if (NULL.test(raw)) return null;
  if (TRUE.test(raw)) return true;
  if (FALSE.test(raw)) return false;
  if (INTEGER.test(raw)) return Number.parseInt(raw, 10);
  if (OTHER_NUMBER.test(raw) && !/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(raw)) return UNSURE;
  if (INDICATOR.test(raw)) return UNSURE;
  return raw;
}

/** A flow sequence of plain values, `[a, b]`, or {@link UNSURE}. */
function flowSequence(raw: string): unknown {
  const inner = raw.trimEnd().slice(1, -1);
  if (inner.trim() === '') return [];
  const items: unknown[] = [];
  for (const part of inner.split(',')) {
    const item = part.trim();
    if (item === '' || /[[\]{}"']/.test(item)) return UNSURE;
    const value = scalar(item);
    if (value === UNSURE || value === null) return UNSURE;
    items.push(value);
  }
  return items;
}

/**
 * Reads front matter written in the plain YAML most notes use — `key: value` lines whose values
 * are plain or simply quoted scalars, flow lists `[a, b]` or block lists of `- item` lines — as
 * the yaml package reads it (core schema, a repeated key's last value kept). Undefined for
 * anything else (comments, nesting, multi-line or escaped strings, numbers other than short
 * decimal integers, anchors, tags), which the yaml package must read.
 */
export function readPlainYaml(text: string): Record<string, unknown> | undefined {
  if (text.includes('\r') || text.includes('\t')) return undefined;
  const lines = text.split('\n');
  const data: Record<string, unknown> = {};
  let keys = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line.trim() === '') continue;
    const match = KEY_LINE.exec(line);
    if (!match) return undefined;
    const key = match[1] as string;
    if (key === '__proto__') return undefined;
    const written = match[2]?.trimEnd() ?? '';
    let value: unknown;
    if (written !== '') {
      value =
        written.startsWith('[') && written.endsWith(']') ? flowSequence(written) : scalar(written);
    } else {
      const items: unknown[] = [];
      let indent: string | undefined;
      for (
        let item = ITEM_LINE.exec(lines[i + 1] ?? '');
        item;
        item = ITEM_LINE.exec(lines[i + 1] ?? '')
      ) {
        if (indent !== undefined && item[1] !== indent) return undefined;
        indent = item[1];
        const entry = (item[2] as string).trimEnd();
        if (entry === '' || entry.startsWith('[') || entry.startsWith('{')) return undefined;
        const parsed = scalar(entry);
        if (parsed === UNSURE) return undefined;
        items.push(parsed);
        i++;
      }
      value = items.length > 0 ? items : null;
    }
    if (value === UNSURE) return undefined;
    data[key] = value;
    keys++;
  }
  return keys > 0 ? data : undefined;
}

import { parse as parseYaml } from 'yaml';
import { readPlainYaml } from './read-plain-yaml.ts';

/** A Markdown file split into its YAML frontmatter (parsed) and the body that follows it. */
export interface FrontmatterSplit {
  readonly data: Record<string, unknown>;
  readonly body: string;
  /** Set when a frontmatter block exists but is not valid YAML mapping. */
  readonly error: string | null;
}

/** A YAML frontmatter block at the very start of a file (`---` … `---` or `...`). */
export const FRONTMATTER_FENCE =
  /^---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;

/** Separates frontmatter from body; a broken block is reported, not thrown, and the body still indexes. */
export function splitFrontmatter(source: string): FrontmatterSplit {
  const text = source.startsWith('\uFEFF') ? source.slice(1) : source;
  const match = FRONTMATTER_FENCE.exec(text);
  if (!match) return { data: {}, body: text, error: null };
  const body = text.slice(match[0].length);
  // Most front matter is plain `key: value` lines and lists, read here without the yaml package.
  const plain = readPlainYaml(match[1] ?? '');
  if (plain) return { data: plain, body, error: null };
  try {
    // An unknown tag (`title: !Dr. Who`) reads as plain text; yaml would also print a process
    // warning on stderr, which is no report a user can act on.
    const data: unknown = parseYaml(match[1] ?? '', { uniqueKeys: false, logLevel: 'error' });
    if (data === null || data === undefined) return { data: {}, body, error: null };
    if (typeof data !== 'object' || Array.isArray(data)) {
      return { data: {}, body, error: 'frontmatter is not a mapping of fields' };
    }
    return { data: data as Record<string, unknown>, body, error: null };
  } catch (error) {
    const reason = (error as Error).message.split('\n')[0];
    return { data: {}, body, error: `frontmatter is not valid YAML: ${reason}` };
  }
}

/** Reads a frontmatter value that may be one string or a list of strings. */
export function stringList(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  const items = Array.isArray(value) ? value : String(value).split(',');
  return items.map((v) => String(v).trim()).filter(Boolean);
}

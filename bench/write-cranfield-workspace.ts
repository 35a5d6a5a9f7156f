import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stringify } from 'yaml';
import type { CranfieldDoc } from './load-cranfield.ts';

/** The workspace path of a corpus document; {@link cranfieldIdOfPath} reverses it. */
export const cranfieldDocPath = (id: string) => `docs/${id}.md`;

const DOC_PATH = /^docs\/(.+)\.md$/;

/** The corpus id of a search result's path, or null for a path the bench did not write. */
export function cranfieldIdOfPath(path: string): string | null {
  return DOC_PATH.exec(path)?.[1] ?? null;
}

/** A Markdown note for one abstract: the title in frontmatter (quoted YAML), the text as body. */
export function cranfieldMarkdown(doc: CranfieldDoc): string {
  const frontmatter = stringify(
    { title: doc.title },
    { defaultStringType: 'QUOTE_DOUBLE', defaultKeyType: 'PLAIN', lineWidth: 0 },
  );
  return `---\n${frontmatter}---\n\n${doc.text}\n`;
}

/** Writes the corpus as one note per document under `root/docs/`, the way a user's folder would hold it. */
export async function writeCranfieldWorkspace(
  root: string,
  docs: readonly CranfieldDoc[],
): Promise<void> {
  await mkdir(join(root, 'docs'), { recursive: true });
  for (const doc of docs) {
    await writeFile(join(root, cranfieldDocPath(doc.id)), cranfieldMarkdown(doc));
  }
}

import { readFileSync } from 'node:fs';

interface Manifest {
  readonly version: string;
  readonly engines: { readonly node: string };
}

/** package.json, read at run time so the sources and the built package (dist/) read the same file. */
function readManifest(): Manifest {
  return JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'));
}

/** The version `footnote --version` prints. */
export function packageVersion(): string {
  return readManifest().version;
}

/** The oldest Node the package claims (`engines.node`, written `>=MAJOR.MINOR`), as [major, minor]. */
export function minimumNode(): readonly [number, number] {
  const match = /^>=\s*(\d+)\.(\d+)/.exec(readManifest().engines.node);
  if (!match) throw new Error(`package.json engines.node is not ">=MAJOR.MINOR"`);
  return [Number(match[1]), Number(match[2])];
}

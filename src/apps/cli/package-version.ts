import { readFileSync } from 'node:fs';

/** The version in package.json, read at run time so the sources and the built package report the same one. */
export function packageVersion(): string {
  const file = new URL('../../../package.json', import.meta.url);
  const { version } = JSON.parse(readFileSync(file, 'utf8')) as { version: string };
  return version;
}

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minimumNode, packageVersion } from '../src/apps/cli/package-manifest.ts';

/**
 * The quick half of the package check, in `npm test` (the whole one packs, installs and runs the
 * package: test/package-install.test.ts, `npm run test:package`). The library build emits what
 * package.json's bin and exports name and nothing from tests; the emitted code names no `.ts`
 * file for Node to load; and it imports at run time only Node's own modules and `dependencies`:
 * an import of a devDependency works in a checkout and breaks every install.
 */

const repo = resolve(import.meta.dirname, '..');
const manifest = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as {
  version: string;
  engines: { node: string };
  bin: Record<string, string>;
  exports: Record<string, { types: string; default: string }>;
  dependencies: Record<string, string>;
};

let out = '';
let emitted: string[] = [];

/** Every file under a folder, as paths relative to it with forward slashes. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/'));
}

/** The package a bare specifier names: `zod` of `zod/v4`, `@ai-sdk/openai` of `@ai-sdk/openai/x`. */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** The module specifiers of an emitted file's imports, re-exports and dynamic imports, as TypeScript reads them. */
const specifiersOf = (code: string) =>
  ts.preProcessFile(code, true, true).importedFiles.map((file) => file.fileName);

describe('the library build', () => {
  beforeAll(() => {
    out = mkdtempSync(join(tmpdir(), 'footnote-build-'));
    const tsc = join(repo, 'node_modules', 'typescript', 'bin', 'tsc');
    const run = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--outDir', out], {
      cwd: repo,
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`tsc -p tsconfig.build.json failed:\n${run.stdout}`);
    emitted = filesUnder(out);
  }, 60_000);

  afterAll(() => {
    if (out) rmSync(out, { recursive: true, force: true });
  });

  it('emits the files that package.json bin and exports point at', () => {
    const named = [
      ...Object.values(manifest.bin),
      ...Object.values(manifest.exports).flatMap((entry) => [entry.types, entry.default]),
    ].map((path) => path.replace(/^\.\//, ''));
    expect(named.every((path) => path.startsWith('dist/'))).toBe(true);
    expect(emitted).toEqual(expect.arrayContaining(named.map((path) => path.slice(5))));
    const bin = readFileSync(join(out, 'apps/cli/bin.js'), 'utf8');
    expect(bin.startsWith('#!/usr/bin/env node\n')).toBe(true);
  });

  it('emits nothing from tests or test helpers', () => {
    expect(emitted.filter((path) => /\.(test|contract)\.|^testing\//.test(path))).toEqual([]);
  });

  it('leaves no relative .ts specifier in the JavaScript it emits', () => {
    const left = emitted
      .filter((path) => path.endsWith('.js'))
      .flatMap((path) => {
        const code = readFileSync(join(out, path), 'utf8');
        return [...code.matchAll(/(['"`])(\.\.?\/[^'"`\n]*\.[cm]?tsx?)\1/g)].map(
          (m) => `${path}: ${m[2]}`,
        );
      });
    expect(left).toEqual([]);
  });

  it('imports at run time only Node modules and dependencies', () => {
    const outside = new Set<string>();
    for (const path of emitted.filter((file) => file.endsWith('.js'))) {
      for (const specifier of specifiersOf(readFileSync(join(out, path), 'utf8'))) {
        if (specifier.startsWith('.') || isBuiltin(specifier)) continue;
        const name = packageOf(specifier);
        if (!(name in manifest.dependencies)) outside.add(`${name} (${path})`);
      }
    }
    expect([...outside]).toEqual([]);
  });
});

describe('package-manifest', () => {
  it('reads the version and the oldest Node from package.json', () => {
    expect(packageVersion()).toBe(manifest.version);
    const [major, minor] = minimumNode();
    expect(manifest.engines.node).toBe(`>=${major}.${minor}`);
  });
});

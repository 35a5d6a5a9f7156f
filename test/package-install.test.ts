import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The package as a user gets it: `npm pack` (whose prepack builds dist/), the tarball installed
 * into an empty folder with npm, and the installed `footnote` run from there: --version, index and
 * search, serve's web UI, and mcp answering a tool call over stdio to the MCP SDK's client. A full
 * build and an install take 20 to 40 s, so this runs as `npm run test:package` (and in .ci/run),
 * not in `npm test` (test/package-build.test.ts is the quick check there).
 *
 * The build runs in a copy of the project, never in this checkout: vite empties dist/web first,
 * and other tests read the checkout's dist/web while this one runs.
 * FOOTNOTE_TEST_NODE=/path/to/node runs the installed command on that Node (e.g. the oldest one
 * `engines` claims) instead of this test's own.
 */

const repo = resolve(import.meta.dirname, '..');
const manifest = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as {
  version: string;
  engines: { node: string };
};
/** What the build reads: package.json's scripts, the two tsconfigs, vite's config and the sources. */
const BUILD_INPUTS = [
  'package.json',
  'README.md',
  'tsconfig.json',
  'tsconfig.build.json',
  'vite.config.ts',
  'scripts',
  'src',
];
const NODE = process.env.FOOTNOTE_TEST_NODE ?? process.execPath;
const STEP_MS = 240_000;

let root = '';
let tarball = '';
let packed: string[] = [];
let footnote = '';
let workspace = '';

/** Runs a command to its end, failing the test with its output when it exits non-zero. */
function mustRun(command: string, args: readonly string[], cwd: string, env = process.env) {
  const run = spawnSync(command, args, { cwd, env, encoding: 'utf8', timeout: STEP_MS });
  if (run.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} exited ${run.status ?? run.signal}\n${run.stdout}\n${run.stderr}`,
    );
  }
  return run;
}

/** Runs the installed `footnote` with the Node under test. */
function runInstalled(...args: string[]) {
  return mustRun(NODE, [footnote, ...args], workspace);
}

/** Waits for a line of a child's output that matches, or fails when the child exits first. */
function waitForOutput(child: ChildProcess, pattern: RegExp): Promise<RegExpMatchArray> {
  return new Promise((resolvePromise, reject) => {
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      const match = seen.match(pattern);
      if (match) {
        child.stdout?.off('data', onData);
        child.stderr?.off('data', onData);
        resolvePromise(match);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited ${code} before ${pattern}:\n${seen}`)));
  });
}

describe.skipIf(process.env.FOOTNOTE_PACKAGE_TEST !== '1')(
  'the packed and installed package',
  () => {
    beforeAll(() => {
      root = mkdtempSync(join(tmpdir(), 'footnote-package-'));
      const project = join(root, 'project');
      mkdirSync(project);
      for (const input of BUILD_INPUTS) {
        cpSync(join(repo, input), join(project, input), { recursive: true });
      }
      symlinkSync(join(repo, 'node_modules'), join(project, 'node_modules'), 'dir');

      const out = join(root, 'out');
      mkdirSync(out);
      mustRun('npm', ['pack', '--pack-destination', out, '--loglevel=error'], project);
      const [name] = readdirSync(out).filter((file) => file.endsWith('.tgz'));
      tarball = join(out, name ?? 'missing.tgz');
      packed = mustRun('tar', ['-tzf', tarball], root)
        .stdout.split('\n')
        .filter((line) => line.endsWith('/') === false && line !== '')
        .map((line) => line.replace(/^package\//, ''));

      const app = join(root, 'app');
      mkdirSync(app);
      writeFileSync(join(app, 'package.json'), '{"name":"install-check","private":true}\n');
      mustRun(
        'npm',
        ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', tarball],
        app,
      );
      footnote = join(app, 'node_modules', '.bin', 'footnote');

      workspace = join(root, 'notes');
      mkdirSync(join(workspace, 'projects'), { recursive: true });
      writeFileSync(
        join(workspace, 'projects', 'Pump.md'),
        '# Pump\n\n## Risks\n\nSilt clogs the strainer within hours of the first run.\n',
      );
      writeFileSync(join(workspace, 'Home.md'), '# Home\n\nStart at [[Pump#Risks]].\n');
    }, 2 * STEP_MS);

    afterAll(() => {
      if (root) rmSync(root, { recursive: true, force: true });
    });

    it('holds the build and none of the sources, tests or fixtures', () => {
      expect(packed).toEqual(
        expect.arrayContaining([
          'package.json',
          'README.md',
          'dist/apps/cli/bin.js',
          'dist/index.js',
          'dist/index.d.ts',
          'dist/workspace/read-worker.js',
          'dist/web/index.html',
        ]),
      );
      const outside = packed.filter(
        (path) => !path.startsWith('dist/') && path !== 'package.json' && path !== 'README.md',
      );
      expect(outside).toEqual([]);
      const unwanted = packed.filter(
        (path) =>
          /\.(test|contract)\.|\/testing\/|\.map$/.test(path) ||
          (path.endsWith('.ts') && !path.endsWith('.d.ts')),
      );
      expect(unwanted).toEqual([]);
    });

    it('runs as the installed command and prints the package version', () => {
      const run = mustRun(footnote, ['--version'], root, {
        ...process.env,
        PATH: `${dirname(NODE)}${delimiter}${process.env.PATH ?? ''}`,
      });
      expect(run.stdout.trim()).toBe(manifest.version);
    });

    it('indexes a workspace and searches it', () => {
      const index = JSON.parse(runInstalled('index', '--workspace', workspace, '--json').stdout);
      expect(index).toMatchObject({ documents: 2, added: 2, problems: [] });
      const search = JSON.parse(
        runInstalled('search', 'strainer', '--workspace', workspace, '--json').stdout,
      );
      expect(search.results[0]).toMatchObject({ path: 'projects/Pump.md' });
    });

    it('serves the web UI that the package carries', async () => {
      const server = spawn(NODE, [footnote, 'serve', '--workspace', workspace, '--port', '0'], {
        cwd: workspace,
      });
      try {
        const [, address] = await waitForOutput(server, /serving default at (http:\/\/\S+)/);
        const page = await fetch(`${address}/`, { headers: { accept: 'text/html' } });
        expect(page.status).toBe(200);
        const html = await page.text();
        const script = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
        expect(script).toBeDefined();
        const asset = await fetch(`${address}${script}`);
        expect(asset.status).toBe(200);
        expect((await asset.arrayBuffer()).byteLength).toBeGreaterThan(1000);
      } finally {
        server.kill();
      }
    });

    it('answers an MCP tool call over stdio', async () => {
      const client = new Client({ name: 'package-install-test', version: '1.0.0' });
      const transport = new StdioClientTransport({
        command: NODE,
        args: [footnote, 'mcp', '--workspace', workspace],
        cwd: workspace,
        stderr: 'pipe',
      });
      let stderr = '';
      transport.stderr?.on('data', (chunk: Buffer) => {
        stderr += chunk.toString('utf8');
      });
      await client.connect(transport).catch((error: unknown) => {
        throw new Error(`footnote mcp did not start: ${String(error)}\n${stderr}`);
      });
      try {
        const result = await client.callTool({ name: 'search', arguments: { query: 'silt' } });
        expect(result.isError).toBeFalsy();
        const { results } = result.structuredContent as { results: Array<{ path: string }> };
        expect(results[0]?.path).toBe('projects/Pump.md');
      } finally {
        await client.close();
      }
    });
  },
);

import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type Browser,
  type BrowserContext,
  chromium,
  type Locator,
  type Page,
} from 'playwright-core';
import { expect, onTestFailed } from 'vitest';
import {
  type RunningStub,
  type StubTurn,
  startOpenAIStubServer,
} from '../../src/testing/openai-stub-server.ts';
import { copySampleWorkspace } from '../../src/testing/run-footnote.ts';
import type { InPage, InPageCanvas } from './in-page.ts';

const repo = resolve(import.meta.dirname, '..', '..');
const SCREENSHOTS = join(import.meta.dirname, 'screenshots');
const CHROMIUM = '/usr/bin/chromium';
const STARTUP_MS = 30_000;
const STOP_MS = 5_000;

/** Polls `value` until the assertion holds, for up to 15 s by default (vitest's own default is 1 s). */
export function eventually<T>(
  value: () => T | Promise<T>,
  options: { readonly timeout?: number } = {},
) {
  return expect.poll(value, { timeout: options.timeout ?? 15_000, interval: 100 });
}

/** Fails early, with the fix, when the web UI has not been built (the `test` script builds it). */
export function requireWebBuild(): void {
  if (!existsSync(join(repo, 'dist/web/index.html')))
    throw new Error(
      'dist/web/index.html is missing: run `npm run build:web` before the end-to-end tests',
    );
  if (!existsSync(CHROMIUM))
    throw new Error(
      `${CHROMIUM} is missing: install Debian's Chromium (apt-get install chromium), as .ci/run does`,
    );
}

/** A running `footnote serve` child process. */
export interface ServedFootnote {
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:41234 */
  readonly url: string;
  /** Everything the server wrote to stderr so far. */
  stderr(): string;
  stop(): Promise<void>;
}

/** Waits for a child to exit, up to `ms`; true when it did. */
async function exited(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return true;
  return Promise.race([
    new Promise<boolean>((done) => child.once('exit', () => done(true))),
    sleep(ms).then(() => false),
  ]);
}

/**
 * Starts the real CLI, `footnote serve -w <workspace> --port 0`, as a child process and waits
 * (at most 30 s) for the line announcing its address.
 */
export async function serveFootnote(
  workspace: string,
  model?: { readonly spec: string; readonly baseUrl: string },
  host = '127.0.0.1',
): Promise<ServedFootnote> {
  const args = [join(repo, 'bin/footnote.js'), 'serve', '-w', workspace, '--port', '0'];
  if (host !== '127.0.0.1') args.push('--host', host);
  if (model) args.push('--model', model.spec, '--base-url', model.baseUrl);
  const child = spawn(process.execPath, args, {
    cwd: repo,
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stdout?.setEncoding('utf8').on('data', (d: string) => {
    stdout += d;
  });
  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => {
      fail(
        new Error(`footnote serve did not announce its URL within ${STARTUP_MS} ms:\n${stderr}`),
      );
    }, STARTUP_MS);
    child.stderr?.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
      const match = /Footnote serving .* at (http:\/\/127\.0\.0\.\d+:\d+)/.exec(stderr);
      if (match?.[1]) {
        clearTimeout(timer);
        done(match[1]);
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      fail(new Error(`footnote serve exited early (${code ?? signal}):\n${stderr}\n${stdout}`));
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      fail(error);
    });
  }).catch(async (error: unknown) => {
    child.kill('SIGKILL');
    await exited(child, STOP_MS);
    throw error;
  });
  return {
    url,
    stderr: () => stderr,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      if (await exited(child, STOP_MS)) return;
      child.kill('SIGKILL');
      await exited(child, STOP_MS);
    },
  };
}

/** Launches Debian's Chromium headless, with everything that would reach the network turned off. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // Belt and braces: no host name but loopback resolves, so nothing can leave the machine.
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE 127.0.0.2, EXCLUDE localhost',
    ],
  });
}

/** What went wrong in the page that nobody asked for: console errors, CSP violations, failures. */
export interface PageProblems {
  readonly errors: string[];
  /** Requests that failed or answered ≥ 400, as "METHOD url → reason". */
  readonly requests: string[];
  /** Requests to anything but 127.0.0.1 (there must be none). */
  readonly foreign: string[];
}

const CSP_PREFIX = '[csp-violation]';

const isLocal = (url: string) =>
  /^(data|blob|about|chrome-error):/.test(url) ||
  /^https?:\/\/127\.0\.0\.\d{1,3}(:\d+)?\//.test(url);

/** Records what a page does wrong; see {@link PageProblems}. */
export function watchPage(page: Page): PageProblems {
  const problems: PageProblems = { errors: [], requests: [], foreign: [] };
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' || text.startsWith(CSP_PREFIX) || /Refused to/.test(text))
      problems.errors.push(text);
  });
  page.on('pageerror', (error) => problems.errors.push(`uncaught: ${error.message}`));
  page.on('request', (request) => {
    if (!isLocal(request.url())) problems.foreign.push(`${request.method()} ${request.url()}`);
  });
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? 'failed';
    // A fetch the page cancels itself (a newer suggestion, Stop, a closed viewer) is not a fault.
    if (reason === 'net::ERR_ABORTED') return;
    problems.requests.push(`${request.method()} ${request.url()} → ${reason}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400)
      problems.requests.push(
        `${response.request().method()} ${response.url()} → ${response.status()}`,
      );
  });
  return problems;
}

/**
 * Fails when the page logged errors or CSP violations, or a request failed or left 127.0.0.1 —
 * except those matching `allowed` (each test names what it provokes on purpose).
 */
export function expectNoProblems(problems: PageProblems, allowed: readonly RegExp[] = []): void {
  const unexpected = (list: readonly string[]) =>
    list.filter((line) => !allowed.some((pattern) => pattern.test(line)));
  const report = [
    ...problems.foreign.map((l) => `foreign request: ${l}`),
    ...unexpected(problems.errors).map((l) => `console: ${l}`),
    ...unexpected(problems.requests).map((l) => `request: ${l}`),
  ];
  if (report.length > 0) throw new Error(`the page had problems:\n${report.join('\n')}`);
}

/** Saves a screenshot to test/e2e/screenshots/<name>.png, only outside CI (for people to look at). */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.CI) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: false });
}

/** How many pixels of a canvas are drawn (not transparent and not near-white), and its size. */
export function canvasInk(
  canvas: Locator,
): Promise<{ width: number; height: number; ink: number }> {
  return canvas.evaluate((node) => {
    const element = node as unknown as InPageCanvas;
    const context = element.getContext('2d');
    if (!context || element.width === 0 || element.height === 0)
      return { width: element.width, height: element.height, ink: 0 };
    const { data } = context.getImageData(0, 0, element.width, element.height);
    let ink = 0;
    for (let i = 0; i < data.length; i += 4) {
      const [r = 255, g = 255, b = 255, a = 0] = [data[i], data[i + 1], data[i + 2], data[i + 3]];
      if (a > 0 && (r < 200 || g < 200 || b < 200)) ink++;
    }
    return { width: element.width, height: element.height, ink };
  });
}

/** Everything one test file needs: a workspace copy, the server, maybe a stub model, a browser. */
export interface E2eEnvironment {
  readonly workspace: string;
  readonly served: ServedFootnote;
  readonly stub: RunningStub | null;
  readonly browser: Browser;
  /** One fresh browser context for the whole file. */
  readonly context: BrowserContext;
  /** Reads a file of the workspace copy. */
  read(path: string): string;
  /** Opens a new tab at `path` (default `/`), watched for problems. */
  open(path?: string): Promise<{ page: Page; problems: PageProblems }>;
  close(): Promise<void>;
}

/**
 * Copies the sample workspace (plus `extraFiles`), starts `footnote serve` on it — with the
 * OpenAI-compatible stub answering from `stubScript` when given, else the offline model — and
 * launches Chromium with one fresh context. `close` stops everything, in reverse.
 */
export async function startEnvironment(
  options: {
    readonly extraFiles?: Readonly<Record<string, string>>;
    readonly stubScript?: readonly StubTurn[];
    /** Another loopback address (127.0.0.2) makes the server require bearer tokens. */
    readonly host?: string;
    /** Runs on the workspace copy before the server starts (e.g. to add users). */
    readonly prepare?: (workspace: string) => void;
  } = {},
): Promise<E2eEnvironment> {
  requireWebBuild();
  const copy = copySampleWorkspace();
  const undo: (() => Promise<void> | void)[] = [() => copy.cleanup()];
  const close = async () => {
    for (const step of undo.reverse()) await step();
  };
  try {
    for (const [path, content] of Object.entries(options.extraFiles ?? {})) {
      const target = join(copy.workspace, path);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, content);
    }
    let stub: RunningStub | null = null;
    if (options.stubScript) {
      // A configured model also writes one-line document summaries in the background; those
      // requests (no tools) get a summary of their own instead of a turn scripted for the chat.
      const started = await startOpenAIStubServer(options.stubScript, {
        offScript: (body) => (body.tools ? undefined : { text: 'A note of the sample workspace.' }),
      });
      stub = started;
      undo.push(() => started.close());
    }
    options.prepare?.(copy.workspace);
    const served = await serveFootnote(
      copy.workspace,
      stub ? { spec: 'openai-compatible:stub', baseUrl: stub.url } : undefined,
      options.host,
    );
    undo.push(() => served.stop());
    const browser = await launchChromium();
    undo.push(() => browser.close());
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      acceptDownloads: true,
      baseURL: served.url,
    });
    context.setDefaultTimeout(15_000);
    context.setDefaultNavigationTimeout(20_000);
    // CSP violations reach the console (and so the problem list) even when Chromium keeps quiet.
    await context.addInitScript((prefix: string) => {
      (globalThis as unknown as InPage).document.addEventListener(
        'securitypolicyviolation',
        (event) => {
          console.error(`${prefix} ${event.violatedDirective} blocked ${event.blockedURI}`);
        },
      );
    }, CSP_PREFIX);
    return {
      workspace: copy.workspace,
      served,
      stub,
      browser,
      context,
      read: (path) => readFileSync(join(copy.workspace, path), 'utf8'),
      async open(path = '/') {
        const page = await context.newPage();
        const problems = watchPage(page);
        // What the page looked like when a test failed, to see why (outside CI).
        onTestFailed(async ({ task }) => {
          if (page.isClosed()) return;
          const name = task.name.replace(/[^\w]+/g, '-').slice(0, 60);
          await screenshot(page, `failed-${name}`).catch(() => undefined);
        });
        const response = await page.goto(path);
        if (!response?.ok())
          throw new Error(
            `GET ${path} answered ${response?.status()}: footnote serve should serve dist/web at /`,
          );
        return { page, problems };
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

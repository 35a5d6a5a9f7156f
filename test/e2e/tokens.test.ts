import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eEnvironment, eventually, expectNoProblems, startEnvironment } from './harness.ts';

// A server off 127.0.0.1 requires bearer tokens: the UI asks for one, refuses a wrong one, then
// works with the right one — chat, and files the viewer fetches with the token.

const TEST_MS = 60_000;
const repo = resolve(import.meta.dirname, '..', '..');
let token = '';
let env: E2eEnvironment;

beforeAll(async () => {
  env = await startEnvironment({
    host: '127.0.0.2',
    prepare: (workspace) => {
      const out = execFileSync(
        process.execPath,
        [
          join(repo, 'bin/footnote.js'),
          'users',
          'add',
          'ada',
          '--workspace-id',
          'default',
          '-w',
          workspace,
          '--json',
        ],
        { cwd: repo, encoding: 'utf8' },
      );
      token = (JSON.parse(out) as { token: string }).token;
    },
  });
}, TEST_MS);

afterAll(async () => {
  await env?.close();
}, TEST_MS);

describe('a server that requires tokens', () => {
  it(
    'asks for a token, refuses a wrong one, then chats and shows files with the right one',
    async () => {
      expect(token).toMatch(/^fn_/);
      expect(env.served.url).toMatch(/^http:\/\/127\.0\.0\.2:/);
      const { page, problems } = await env.open('/');
      const field = page.getByLabel('Access token');
      await field.fill('fn_not-a-real-token');
      await page.getByRole('button', { name: 'Continue' }).click();
      await eventually(() => page.getByText('That token was not accepted').count()).toBe(1);

      await field.fill(token);
      await page.getByRole('button', { name: 'Continue' }).click();
      const message = page.getByRole('textbox', { name: 'Message' });
      await message.waitFor();
      await message.fill('What does [[Solar Pump Project#Risks]] say about silt?');
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      const answer = page.locator('article[data-role="assistant"]').last();
      await eventually(() => answer.getAttribute('data-status')).toBe('complete');
      expect(await answer.locator('.citation-badge').count()).toBeGreaterThan(0);

      // The image comes through the token-protected raw route, as a blob.
      await page.getByLabel('Filter documents').fill('site-photo');
      await page
        .getByRole('button', { name: /site-photo/ })
        .first()
        .click();
      const image = page.getByRole('region', { name: 'Source viewer' }).locator('img');
      await eventually(() =>
        image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
      ).toBeGreaterThan(0);

      // The token is remembered: a reload goes straight to the conversation.
      await page.reload();
      await message.waitFor();
      expect(await page.getByLabel('Access token').count()).toBe(0);
      expectNoProblems(problems, [/\/api\/workspaces → 401/, /status of 401/]);
      await page.close();
    },
    TEST_MS,
  );
});

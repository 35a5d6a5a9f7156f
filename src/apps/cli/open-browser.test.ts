import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { browserCommand, browseUrl, openBrowser, type Spawner } from './open-browser.ts';

describe('browseUrl', () => {
  it('names the address a local browser can reach', () => {
    expect(browseUrl('127.0.0.1', 4100)).toBe('http://127.0.0.1:4100/');
    expect(browseUrl('0.0.0.0', 80)).toBe('http://127.0.0.1:80/');
    expect(browseUrl('::', 81)).toBe('http://127.0.0.1:81/');
    expect(browseUrl('::1', 82)).toBe('http://[::1]:82/');
    expect(browseUrl('notes.example', 83)).toBe('http://notes.example:83/');
  });
});

describe('openBrowser', () => {
  it('uses each platform’s opener', () => {
    const url = 'http://127.0.0.1:4100/';
    expect(browserCommand(url, 'linux')).toEqual({ command: 'xdg-open', args: [url] });
    expect(browserCommand(url, 'darwin')).toEqual({ command: 'open', args: [url] });
    expect(browserCommand(url, 'win32')).toEqual({
      command: 'cmd',
      args: ['/c', 'start', '""', url],
    });
  });

  it('starts the opener detached and forgets it', () => {
    const calls: unknown[][] = [];
    let unrefed = false;
    const spawn: Spawner = (command, args, options) => {
      calls.push([command, args, options]);
      const child = new EventEmitter() as EventEmitter & { unref(): void };
      child.unref = () => {
        unrefed = true;
      };
      return child;
    };
    openBrowser('http://x/', { platform: 'linux', spawn });
    expect(calls).toEqual([
      ['xdg-open', ['http://x/'], expect.objectContaining({ detached: true, stdio: 'ignore' })],
    ]);
    expect(unrefed).toBe(true);
  });

  it('never throws when the opener is missing or fails', () => {
    const throwing: Spawner = () => {
      throw new Error('spawn ENOENT');
    };
    expect(() => openBrowser('http://x/', { spawn: throwing })).not.toThrow();
    const failing: Spawner = () => {
      const child = new EventEmitter() as EventEmitter & { unref(): void };
      child.unref = () => undefined;
      queueMicrotask(() => child.emit('error', new Error('spawn xdg-open ENOENT')));
      return child;
    };
    expect(() => openBrowser('http://x/', { spawn: failing })).not.toThrow();
  });

  it('ignores the asynchronous error of a real spawn of a command that does not exist', async () => {
    const { spawn } = await import('node:child_process');
    const missing: Spawner = (_command, args, options) =>
      spawn('footnote-no-such-opener', [...args], options);
    expect(() => openBrowser('http://x/', { spawn: missing })).not.toThrow();
    await new Promise((done) => setTimeout(done, 50));
  });
});

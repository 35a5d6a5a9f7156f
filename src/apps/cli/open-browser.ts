import { type SpawnOptions, spawn } from 'node:child_process';

/** The command that opens a URL in the system's browser, per platform. */
export function browserCommand(
  url: string,
  platform: NodeJS.Platform = process.platform,
): { readonly command: string; readonly args: readonly string[] } {
  if (platform === 'darwin') return { command: 'open', args: [url] };
  // `start` is a cmd built-in; its first quoted argument is the window title.
  if (platform === 'win32') return { command: 'cmd', args: ['/c', 'start', '""', url] };
  return { command: 'xdg-open', args: [url] };
}

/** How a child process is started; injected by tests. */
export type Spawner = (
  command: string,
  args: readonly string[],
  options: SpawnOptions,
) => {
  on(event: 'error', listener: (error: Error) => void): unknown;
  unref(): void;
};

/**
 * Tries to open `url` in the user's browser (`footnote serve --open`), detached so the server
 * never waits for it. A missing opener or any failure is ignored: the URL is printed anyway.
 */
export function openBrowser(
  url: string,
  options: { readonly platform?: NodeJS.Platform; readonly spawn?: Spawner } = {},
): void {
  const { command, args } = browserCommand(url, options.platform);
  try {
    const child = (options.spawn ?? spawn)(command, args, {
      detached: true,
      stdio: 'ignore',
      windowsHide: true,
    });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    // no opener on this system: the printed URL is enough
  }
}

/** The address a browser on this machine uses for a server bound to `host` (any-address binds become 127.0.0.1). */
export function browseUrl(host: string, port: number): string {
  const name = host === '' || host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${name.includes(':') ? `[${name}]` : name}:${port}/`;
}

// Empties dist/ of the library build before tsc writes it again (the web UI in dist/web is
// `npm run build:web`'s), so a renamed or deleted source leaves no stale module in the package.
import { existsSync, readdirSync, rmSync } from 'node:fs';

const dist = new URL('../dist/', import.meta.url);
if (existsSync(dist)) {
  for (const entry of readdirSync(dist)) {
    if (entry !== 'web') rmSync(new URL(entry, dist), { recursive: true, force: true });
  }
}

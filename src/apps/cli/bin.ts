#!/usr/bin/env node
// The `footnote` command of the installed package: package.json "bin" points at its build,
// dist/apps/cli/bin.js. A checkout runs the sources through bin/footnote.js instead.
import { minimumNode } from './package-manifest.ts';

// Checked before anything loads node:sqlite, which needs Node 22.16 for its full-text index (FTS5).
const [needMajor, needMinor] = minimumNode();
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (major < needMajor || (major === needMajor && minor < needMinor)) {
  process.stderr.write(
    `footnote: needs Node ${needMajor}.${needMinor} or newer (this is ${process.version})\n`,
  );
  process.exit(1);
}
// Node 22 warns on every run that node:sqlite is experimental; its other warnings still print.
process.removeAllListeners('warning');
process.on('warning', (warning) => {
  if (warning.name === 'ExperimentalWarning' && warning.message.includes('SQLite')) return;
  process.stderr.write(`(node) ${warning.name}: ${warning.message}\n`);
});
const { runCli } = await import('./main.ts');
process.exitCode = await runCli(process.argv.slice(2));

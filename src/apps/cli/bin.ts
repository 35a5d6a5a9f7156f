#!/usr/bin/env node
// The `footnote` command of the installed package: package.json "bin" points at its build,
// dist/apps/cli/bin.js. A checkout runs the sources through bin/footnote.js instead.

/** The oldest Node the package runs on: node:sqlite with FTS5 arrived in 22.16. */
const MINIMUM = [22, 16] as const;

const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (major < MINIMUM[0] || (major === MINIMUM[0] && minor < MINIMUM[1])) {
  process.stderr.write(
    `footnote: needs Node ${MINIMUM.join('.')} or newer (this is ${process.version})\n`,
  );
  process.exit(1);
}
// Node 22 warns on every run that node:sqlite is experimental; the rest of its warnings still print.
process.removeAllListeners('warning');
process.on('warning', (warning) => {
  if (warning.name === 'ExperimentalWarning' && warning.message.includes('SQLite')) return;
  process.stderr.write(`(node) ${warning.name}: ${warning.message}\n`);
});
const { runCli } = await import('./main.ts');
process.exitCode = await runCli(process.argv.slice(2));

#!/usr/bin/env node
// Entry point of the `footnote` command. Runs the TypeScript sources directly (Node's type stripping).
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  process.stderr.write(
    `footnote: needs Node 22.18 or newer (this is ${process.version}); in a checkout run it through npm: npm run cli -- <command>\n`,
  );
  process.exit(1);
}
const { runCli } = await import('../src/apps/cli/main.ts');
process.exitCode = await runCli(process.argv.slice(2));

#!/usr/bin/env node
// The `footnote` command in a checkout (npm run cli, npm start, the tests): runs the TypeScript sources
// directly with Node's type stripping. The installed package runs its build, dist/apps/cli/bin.js.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  process.stderr.write(
    `footnote: needs Node 22.18 or newer (this is ${process.version}); in a checkout run it through npm: npm run cli -- <command>\n`,
  );
  process.exit(1);
}
const { runCli } = await import('../src/apps/cli/main.ts');
process.exitCode = await runCli(process.argv.slice(2));

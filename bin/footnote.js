#!/usr/bin/env node
// Entry point of the `footnote` command. Runs the TypeScript sources directly (Node's type stripping).
import { runCli } from '../src/apps/cli/main.ts';

process.exitCode = await runCli(process.argv.slice(2));

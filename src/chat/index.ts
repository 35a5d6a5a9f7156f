export * from './export-session.ts';
export * from './number-citations.ts';
export * from './prepare-context.ts';
export * from './reference-tracker.ts';
export * from './rollback-document.ts';
export * from './run-turn.ts';
export * from './source-registry.ts';
export * from './tools/index.ts';

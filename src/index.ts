/** Footnote's library entry point: the domain, workspace reading, the embedded store and search. */

export * from './chat/index.ts';
export * from './core/index.ts';
export * from './search/index.ts';
export * from './store/index.ts';
export * from './workspace/index.ts';

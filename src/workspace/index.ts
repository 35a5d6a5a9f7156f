export * from './chunk-document.ts';
export * from './classify-path.ts';
export * from './index-workspace.ts';
export * from './parse-markdown.ts';
export * from './read-document.ts';
export * from './safe-path.ts';
export * from './scan-workspace.ts';
export * from './watch-workspace.ts';

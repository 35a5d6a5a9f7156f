export * from './candidate.ts';
export * from './expand-query.ts';
export * from './rank-bm25f.ts';
export * from './search-workspace.ts';
export * from './term-pattern.ts';

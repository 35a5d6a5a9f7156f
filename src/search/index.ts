export * from './candidate.ts';
export * from './expand-query.ts';
export * from './fuse-rankings.ts';
export * from './rank-bm25f.ts';
export * from './search-chunks.ts';
export * from './search-workspace.ts';
export * from './term-pattern.ts';

export * from './search-workspace.ts';

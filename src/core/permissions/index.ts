export * from './authorize-edit.ts';

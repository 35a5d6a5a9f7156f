export * from './authorize-edit.ts';
export * from './override-permissions.ts';

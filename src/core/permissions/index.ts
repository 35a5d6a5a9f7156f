export * from './authorize-edit.ts';
export * from './authorize-embed.ts';
export * from './edit-tool-names.ts';
export * from './override-permissions.ts';

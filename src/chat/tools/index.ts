export * from './apply-edit.ts';
export * from './edit-tools.ts';
export * from './read-tools.ts';
export * from './tool-call-log.ts';
export * from './tool-context.ts';

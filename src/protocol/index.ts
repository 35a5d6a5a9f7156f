export * from './edit-json.ts';
export * from './http-schemas.ts';
export * from './message-json.ts';
export * from './model-json.ts';
export * from './tool-call-json.ts';
export * from './version-json.ts';

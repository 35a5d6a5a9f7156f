export * from './http-schemas.ts';
export * from './message-json.ts';

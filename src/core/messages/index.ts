export * from './message.ts';
export * from './proposed-edit.ts';
export * from './read-tool-calls.ts';
export * from './search-sessions.ts';
export * from './serialize-message.ts';

export * from './message.ts';
export * from './serialize-message.ts';

export * from './user.ts';

export * from './authorize-write.ts';
export * from './user.ts';

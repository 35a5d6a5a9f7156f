export * from './prepare-context.ts';

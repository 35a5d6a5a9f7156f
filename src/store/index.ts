export * from './sqlite/migrations.ts';
export * from './sqlite/open-database.ts';
export * from './sqlite/sqlite-session-store.ts';
export * from './sqlite/sqlite-store.ts';
export * from './sqlite/sqlite-user-store.ts';

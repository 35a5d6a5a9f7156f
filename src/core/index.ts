export * from './document.ts';
export * from './document-store.ts';
export * from './entity-fields.ts';
export * from './entity-schema.ts';
export * from './errors.ts';
export * from './excerpt.ts';
export * from './link-target.ts';
export * from './query-terms.ts';

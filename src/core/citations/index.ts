export * from './check-citations.ts';
export * from './claim-types.ts';
export * from './find-quote.ts';
export * from './parse-citation-markers.ts';

export * from './check-citations.ts';
export * from './find-quote.ts';
export * from './parse-citation-markers.ts';

export * from './embedding-model.ts';
export * from './model-choice.ts';
export * from './model-errors.ts';
export * from './model-spec.ts';
export { NOT_FOUND_ANSWER } from './offline/write-answer.ts';
export * from './offline-model.ts';
export * from './resolve-model.ts';
export * from './search-tool-output.ts';

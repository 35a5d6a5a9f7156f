export * from './eval-question.ts';
export * from './exact-quote.ts';
export * from './format-eval-report.ts';
export * from './run-eval.ts';
export * from './score-answer.ts';
export * from './total-scores.ts';

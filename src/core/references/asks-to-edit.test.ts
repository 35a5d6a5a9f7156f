import { describe, expect, it } from 'vitest';
import { asksToEdit } from './asks-to-edit.ts';

describe('asksToEdit', () => {
  it.each([
    ['Rewrite [[Pump Design#Impeller]] to be shorter', true],
    ['  edit the intro of @field-trial-lessons', true],
    ['Please add a risk to [[Solar Pump Project#Risks]]', true],
    ['Could you update [[Budget]] with the new prices?', true],
    ['What does [[Pump Design#Impeller]] say?', false],
    ['Who rewrote the budget last week?', false],
    ['', false],
  ])('%j → %s', (message, edits) => {
    expect(asksToEdit(message)).toBe(edits);
  });
});

import { describe, expect, it } from 'vitest';
import { readableTitle } from './display-text.ts';

describe('readableTitle', () => {
  it.each([
    ['What does [[Solar Pump Project#Risks]] say?', 'What does Solar Pump Project › Risks say?'],
    ['Compare [[Pump Design]] and [[notes/Budget.md]]', 'Compare Pump Design and notes/Budget.md'],
    ['See [[Design Review#Pre-filter|the review]]', 'See the review'],
    ['Quote [[Field Notes#^abc123]]', 'Quote Field Notes'],
    ['What is under [[#Goals]]?', 'What is under Goals?'],
    ['Embed ![[site-photo.png]] here', 'Embed site-photo.png here'],
    ['Who mentors @"Alice Smith" and @Bob?', 'Who mentors @Alice Smith and @Bob?'],
    ['No references at all', 'No references at all'],
    ['An unclosed [[Pump', 'An unclosed [[Pump'],
  ])('%s → %s', (title, readable) => {
    expect(readableTitle(title)).toBe(readable);
  });
});

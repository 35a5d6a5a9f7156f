import { parse as parseYaml } from 'yaml';
import { findActiveTrigger } from '../../src/apps/web/composer/active-trigger.ts';
import {
  analyzeQuery,
  analyzeText,
  type EntityTypeSchema,
  parseCitationMarkers,
  parseEntityFields,
  parseEntityTypeSchema,
  parseReferences,
  passageUnits,
  queryTerms,
  splitClaims,
  tokenize,
} from '../../src/core/index.ts';
import { findProseRegions } from '../../src/core/prose-regions.ts';
import { chunkDocument, parseMarkdown, splitWikilinkInner } from '../../src/workspace/index.ts';
import { readEntityDocument } from '../../src/workspace/read-entity.ts';
import { readMarkdownDocument } from '../../src/workspace/read-markdown-document.ts';
import { splitFrontmatter } from '../../src/workspace/split-frontmatter.ts';

/** One parser of user input, run on one input; throws when an output breaks its contract. */
export interface FuzzTarget {
  readonly name: string;
  check(input: string): void;
  /** The adversarial shapes of its own syntax it is timed on in the quick run (the long run: all). */
  readonly shapes: readonly string[];
  /** Characters of the smaller timed input: small enough for a slow parser to time quickly. */
  readonly timedSize: number;
}

/** A contract the output broke, with the input that broke it. */
export class ContractBreach extends Error {
  constructor(target: string, what: string) {
    super(`${target}: ${what}`);
    this.name = 'ContractBreach';
  }
}

/** Fails unless `[start, end)` is a span of a text of `length` characters. */
function inBounds(
  target: string,
  what: string,
  span: { start: number; end: number },
  length: number,
): void {
  const ok =
    Number.isInteger(span.start) &&
    Number.isInteger(span.end) &&
    span.start >= 0 &&
    span.start <= span.end &&
    span.end <= length;
  if (!ok)
    throw new ContractBreach(target, `${what} [${span.start}, ${span.end}) outside 0…${length}`);
}

/** A schema with a field of every type, as an entity folder of a real vault would have. */
export const PERSON: EntityTypeSchema = {
  type: 'person',
  fields: [
    { name: 'email', type: 'email' },
    { name: 'role', type: 'select', options: ['engineer', 'manager'] },
    { name: 'joined', type: 'date' },
    { name: 'skills', type: 'text_list' },
    { name: 'team', type: 'entity_ref', target: 'team' },
    { name: 'mentors', type: 'entity_ref_list', target: 'person' },
    { name: 'profile', type: 'note_ref' },
    { name: 'bio', type: 'text' },
    { name: 'teammates', type: 'computed', query: 'type:person team:$team' },
  ],
};
const ENTITY_TYPES = new Map([['person', PERSON]]);

/** Parses YAML the way the indexer does: a document it refuses is a reported problem, not a crash. */
const yamlOrNull = (text: string): unknown => {
  try {
    return parseYaml(text, { logLevel: 'error' });
  } catch {
    return null;
  }
};

/** Every parser of user input the fuzz drives, each with the contract its output keeps. */
export const FUZZ_TARGETS: readonly FuzzTarget[] = [
  {
    name: 'reference grammar (parseReferences)',
    shapes: [
      '[[',
      '[[a',
      '![[a|',
      ']]',
      '@',
      '@a ',
      '@"a ',
      '#',
      '#^',
      '\\',
      '\\[',
      '`',
      '[1]',
      '[1,',
      'a',
      ' ',
      '\n',
      'nested [[ ]]',
    ],
    timedSize: 2000,
    check(message) {
      let previousEnd = 0;
      for (const r of parseReferences(message)) {
        inBounds(this.name, r.raw, r, message.length);
        if (message.slice(r.start, r.end) !== r.raw)
          throw new ContractBreach(this.name, `raw ${JSON.stringify(r.raw)} is not its span`);
        if (r.start < previousEnd) throw new ContractBreach(this.name, 'spans overlap');
        previousEnd = r.end;
      }
    },
  },
  {
    name: 'frontmatter split (splitFrontmatter)',
    shapes: [
      '---\n',
      'a: &a b\n',
      '- ',
      '[',
      '\n',
      'a',
      ' ',
      'nested [ ]',
      'nested YAML flow mappings',
      'list nested one indent deeper per line',
    ],
    timedSize: 2000,
    check(source) {
      const split = splitFrontmatter(source);
      if (!source.endsWith(split.body))
        throw new ContractBreach(this.name, 'body is not the end of the file');
      if (typeof split.data !== 'object' || split.data === null || Array.isArray(split.data))
        throw new ContractBreach(this.name, 'data is not a mapping');
    },
  },
  {
    name: 'wikilink inner split (splitWikilinkInner)',
    shapes: ['|a', '#', '#^', '\\', 'a', ' ', '[[', ']]'],
    timedSize: 2000,
    check(inner) {
      const link = splitWikilinkInner(inner);
      for (const part of [link.target, link.heading, link.block, link.alias]) {
        if (part !== null && !inner.includes(part))
          throw new ContractBreach(this.name, `${JSON.stringify(part)} is not part of the link`);
      }
    },
  },
  {
    name: 'Markdown structure (parseMarkdown)',
    shapes: [
      '[[',
      ']]',
      '![[a|',
      '\\',
      '\\[',
      '\n',
      '`',
      '[',
      '[1]',
      '*_',
      '- ',
      '> ',
      '#',
      '|a',
      'http://a',
      'nested [ ]',
      'nested [[ ]]',
      'nested ( )',
      'list nested one indent deeper per line',
      '#^',
      '@a ',
      'e.g. ',
      'a',
      ' ',
    ],
    timedSize: 1000,
    check(body) {
      const structure = parseMarkdown(body);
      for (const h of structure.headings) inBounds(this.name, 'heading', h, body.length);
      for (const b of structure.blocks) inBounds(this.name, 'block', b, body.length);
      for (const l of structure.links) inBounds(this.name, 'link', l, body.length);
    },
  },
  {
    name: 'Markdown document and its chunks (readMarkdownDocument, chunkDocument)',
    shapes: [
      '[[',
      ']]',
      '![[a|',
      '\\',
      '\\[',
      '\n',
      '`',
      '[',
      '[1]',
      '*_',
      '- ',
      '> ',
      '#',
      '|a',
      'http://a',
      'nested [ ]',
      'nested [[ ]]',
      'nested ( )',
      'list nested one indent deeper per line',
      '#^',
      '@a ',
      'e.g. ',
      'a',
      ' ',
    ],
    timedSize: 1000,
    check(source) {
      const doc = readMarkdownDocument('notes/fuzz.md', 'note', source);
      const length = doc.body.length;
      for (const h of doc.headings) inBounds(this.name, 'heading', h, length);
      for (const s of doc.sections) inBounds(this.name, 'section', s, length);
      for (const b of doc.blocks) inBounds(this.name, 'block', b, length);
      for (const l of doc.links) inBounds(this.name, 'link', l, length);
      for (const c of chunkDocument('fuzz', doc, { maxChars: 200 })) {
        inBounds(this.name, 'chunk', c, length);
        if (doc.body.slice(c.start, c.end) !== c.text)
          throw new ContractBreach(this.name, `chunk ${c.ordinal} is not its span`);
      }
    },
  },
  {
    name: 'entity YAML (type schema, fields, entity document)',
    shapes: [
      '---\n',
      'a: &a b\n',
      '- ',
      '[',
      '\n',
      'a',
      ' ',
      'nested [ ]',
      'nested YAML flow mappings',
      'list nested one indent deeper per line',
    ],
    timedSize: 1000,
    check(source) {
      const declared = yamlOrNull(source);
      parseEntityTypeSchema(declared, 'fuzz');
      const values = yamlOrNull(source);
      if (typeof values === 'object' && values !== null && !Array.isArray(values))
        parseEntityFields(PERSON, values as Record<string, unknown>, ['name']);
      // The same text as an entity's frontmatter (its body is the Markdown targets' business).
      const entity = readEntityDocument(
        'entities/person/fuzz.md',
        `---\n${source}\n---\n`,
        ENTITY_TYPES,
      );
      if ('error' in entity) return;
      for (const h of entity.headings) inBounds(this.name, 'heading', h, entity.body.length);
      for (const l of entity.links) inBounds(this.name, 'link', l, entity.body.length);
    },
  },
  {
    name: 'citation markers and claims (parseCitationMarkers, splitClaims)',
    shapes: ['[1]', '[1,', '[', ']]', 'e.g. ', 'a. ', '`', '\n', '- ', '\\', 'a', ' '],
    timedSize: 2000,
    check(text) {
      const markers = parseCitationMarkers(text);
      for (const m of markers) {
        inBounds(this.name, 'marker', m, text.length);
        if (text.slice(m.start, m.end) !== m.raw)
          throw new ContractBreach(this.name, `marker ${JSON.stringify(m.raw)} is not its span`);
      }
      for (const claim of splitClaims(text, markers)) {
        inBounds(this.name, 'claim', claim, text.length);
        for (const index of claim.markers) {
          if (!Number.isInteger(index) || index < 0 || index >= markers.length)
            throw new ContractBreach(this.name, `claim names marker ${index} of ${markers.length}`);
        }
      }
    },
  },
  {
    name: 'passage units (passageUnits)',
    shapes: ['e.g. ', 'a. ', '- ', '|a', '\n', 'a', ' ', '@"a ', '#'],
    timedSize: 2000,
    check(text) {
      for (const unit of passageUnits(text)) inBounds(this.name, 'unit', unit, text.length);
    },
  },
  {
    name: 'prose regions (findProseRegions)',
    shapes: ['`', '\n', '\\', '---\n', 'a', ' '],
    timedSize: 2000,
    check(text) {
      for (const region of findProseRegions(text))
        inBounds(this.name, 'region', region, text.length);
    },
  },
  {
    name: 'query terms and analyzer (tokenize, queryTerms, analyzeText, analyzeQuery)',
    shapes: ['a', ' ', '[[a', '@a ', "'", 'e.g. ', 'http://a'],
    timedSize: 2000,
    check(text) {
      for (const terms of [
        tokenize(text),
        queryTerms(text),
        analyzeText(text),
        analyzeQuery(text),
      ]) {
        for (const term of terms) {
          if (typeof term !== 'string' || term === '')
            throw new ContractBreach(this.name, `term ${JSON.stringify(term)}`);
        }
      }
    },
  },
  {
    name: 'composer caret trigger (findActiveTrigger)',
    shapes: ['[[', '[[a', ']]', '@', '@a ', '@"a ', '\\', '\\[', '`', '\n', 'a', ' '],
    timedSize: 2000,
    check(text) {
      // The caret at the end, at the middle, and at an odd place: wherever a user may click.
      for (const caret of [text.length, text.length >> 1, (text.length * 7) % (text.length + 1)]) {
        const found = findActiveTrigger(text, caret);
        if (!found) continue;
        if (found.caret !== caret) throw new ContractBreach(this.name, 'caret moved');
        inBounds(this.name, 'trigger', { start: found.start, end: found.caret }, text.length);
        inBounds(
          this.name,
          'replacement',
          { start: found.caret, end: found.replaceEnd },
          text.length,
        );
        if (text.slice(found.start + found.trigger.length, caret) !== found.query)
          throw new ContractBreach(this.name, 'query is not the text after the trigger');
      }
    },
  },
];

import { stringify } from 'yaml';
import { type SeededRandom, seededRandom, zipfSampler } from './seeded-random.ts';

/** Shape of a generated vault; the defaults are the benchmark's 10,000-note vault. */
export interface VaultOptions {
  /** @default 10_000 */
  readonly notes?: number;
  /** Top-level areas; each holds five subfolders, so 10 areas make 50 folders. @default 10 */
  readonly areas?: number;
  /** Distinct words prose is drawn from. @default 3000 */
  readonly vocabularySize?: number;
  /** Same seed, same vault, byte for byte. @default 20_240_601 */
  readonly seed?: number;
}

/** One file of the vault: workspace-relative path and Markdown text. */
export interface VaultFile {
  readonly path: string;
  readonly content: string;
}

const SUBFOLDERS_PER_AREA = 5;

/** Everyday words, most frequent first, so generated prose reads like (nonsense) prose. */
const COMMON_WORDS = (
  'the of and to a in is that for it as with was on be by this are from at or an which have not ' +
  'we can but all they more one has their were will would there been if about when up what so out ' +
  'into time some could them other than then its only new also two may over after first these most ' +
  'project plan team meeting budget design review risk cost water pump panel motor site report data ' +
  'test result issue note idea draft week month year client supplier schedule decision question ' +
  'flow rate pressure power battery solar field sample model system process change update summary'
).split(' ');

const ONSETS = ['b', 'c', 'd', 'f', 'g', 'k', 'l', 'm', 'n', 'p', 'r', 's', 't', 'v', 'z'];
const CLUSTERS = ['br', 'cr', 'dr', 'st', 'tr', 'pl', 'sh', 'th', 'gl', 'fr'];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'ai', 'ea', 'ou', 'io'];
const CODAS = ['', '', '', 'n', 'r', 's', 'l', 'x', 'nd', 'st', 'm'];

function madeUpWord(random: SeededRandom): string {
  let word = '';
  const syllables = random.int(1, 3);
  for (let i = 0; i < syllables; i++) {
    word += random.chance(0.25) ? random.pick(CLUSTERS) : random.pick(ONSETS);
    word += random.pick(VOWELS);
    if (i === syllables - 1 || random.chance(0.3)) word += random.pick(CODAS);
  }
  return word;
}

/** The vault's vocabulary: common words first, then made-up ones, all distinct. */
function makeVocabulary(random: SeededRandom, size: number): string[] {
  const words = new Set(COMMON_WORDS);
  while (words.size < size) words.add(madeUpWord(random));
  return [...words];
}

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** Writes words, sentences and paragraphs from a fixed vocabulary with Zipf-distributed frequencies. */
function proseWriter(random: SeededRandom, vocabulary: readonly string[]) {
  const rank = zipfSampler(random, vocabulary.length);
  const rareRank = zipfSampler(random, vocabulary.length - COMMON_WORDS.length);
  const word = () => vocabulary[rank()] as string;
  const words = (n: number) => Array.from({ length: n }, word);
  const rareWord = () => vocabulary[COMMON_WORDS.length + rareRank()] as string;
  /** Names (titles, headings, folders) use the made-up words, as real names avoid filler words. */
  const name = (min: number, max: number) =>
    Array.from({ length: random.int(min, max) }, () => capitalize(rareWord())).join(' ');
  const sentence = () => {
    const [first = '', ...rest] = words(random.int(6, 18));
    return `${[capitalize(first), ...rest].join(' ')}.`;
  };
  const paragraph = (min = 2, max = 4) =>
    Array.from({ length: random.int(min, max) }, sentence).join(' ');
  return { word, words, name, sentence, paragraph };
}

type ProseWriter = ReturnType<typeof proseWriter>;

interface NotePlan {
  readonly title: string;
  readonly folder: string;
  readonly headings: readonly string[];
  readonly blockIds: readonly string[];
}

/** Decides every note's name, folder, headings and block ids up front so links can point at them. */
function planNotes(
  random: SeededRandom,
  prose: ProseWriter,
  notes: number,
  areas: number,
): NotePlan[] {
  const folders: string[] = [];
  const usedFolders = new Set<string>();
  const uniqueName = (used: Set<string>, make: () => string) => {
    let candidate = make();
    for (let n = 2; used.has(candidate.toLowerCase()); n++) candidate = `${make()} ${n}`;
    used.add(candidate.toLowerCase());
    return candidate;
  };
  for (let a = 0; a < areas; a++) {
    const area = `${String(a + 1).padStart(2, '0')} ${uniqueName(usedFolders, () => prose.name(1, 2))}`;
    for (let s = 0; s < SUBFOLDERS_PER_AREA; s++)
      folders.push(`${area}/${uniqueName(usedFolders, () => prose.name(1, 2))}`);
  }
  const usedTitles = new Set<string>();
  return Array.from({ length: notes }, (_, i) => ({
    title: uniqueName(usedTitles, () => prose.name(2, 4)),
    folder: folders[i % folders.length] as string,
    headings: Array.from({ length: random.int(3, 8) }, () => prose.name(1, 4)),
    blockIds: Array.from({ length: random.int(0, 3) }, (_, b) => `b${i.toString(36)}x${b}`),
  }));
}

/** A wikilink in one of Obsidian's forms: plain, to a heading, to a block, or with display text. */
function wikilink(random: SeededRandom, target: NotePlan, alias: () => string): string {
  const roll = random.next();
  if (roll < 0.2) return `[[${target.title}#${random.pick(target.headings)}]]`;
  if (roll < 0.3 && target.blockIds.length > 0)
    return `[[${target.title}#^${random.pick(target.blockIds)}]]`;
  if (roll < 0.4) return `[[${target.title}|${alias()}]]`;
  return `[[${target.title}]]`;
}

/** A section of a note: its heading line, then paragraphs (by index, so links and ids can be added later) and lists. */
type SectionPart = { readonly paragraph: number } | { readonly text: string };

function renderNote(
  random: SeededRandom,
  prose: ProseWriter,
  plan: NotePlan,
  plans: readonly NotePlan[],
  tags: readonly string[],
  created: string,
): string {
  const frontmatter = stringify({
    title: plan.title,
    aliases: Array.from({ length: random.int(0, 2) }, () => prose.name(1, 3)),
    tags: [...new Set(Array.from({ length: random.int(1, 4) }, () => random.pick(tags)))],
    created,
  });
  const paragraphs: string[] = [];
  const parts: SectionPart[] = [];
  plan.headings.forEach((heading, h) => {
    const level = h === 0 || random.chance(0.6) ? 2 : 3;
    parts.push({ text: `${'#'.repeat(level)} ${heading}` });
    for (let p = random.int(1, 2); p > 0; p--) {
      parts.push({ paragraph: paragraphs.length });
      paragraphs.push(prose.paragraph());
    }
    if (random.chance(0.25)) {
      const items = Array.from({ length: random.int(2, 5) }, () => `- ${prose.sentence()}`);
      parts.push({ text: items.join('\n') });
    }
  });
  for (let l = random.int(2, 5); l > 0; l--) {
    const at = random.int(0, paragraphs.length - 1);
    const link = wikilink(random, random.pick(plans), () => prose.name(1, 3));
    paragraphs[at] = `${paragraphs[at]} See ${link} for ${prose.words(3).join(' ')}.`;
  }
  plan.blockIds.forEach((id, b) => {
    const at = Math.min(b * 2, paragraphs.length - 1);
    paragraphs[at] = `${paragraphs[at]} ^${id}`;
  });
  const body = parts.map((part) =>
    'text' in part ? part.text : (paragraphs[part.paragraph] as string),
  );
  return `---\n${frontmatter}---\n\n${body.join('\n\n')}\n`;
}

/** The vocabulary of a seed; generation, edits and queries share it, each with its own random stream. */
const vocabularyOf = (seed: number, size: number) => makeVocabulary(seededRandom(seed), size);

const DEFAULT_SEED = 20_240_601;
const DEFAULT_VOCABULARY = 3000;

/**
 * Yields an Obsidian-style vault note by note (frontmatter with title, aliases and tags; 3–8
 * headings; prose; wikilinks of every form; `^block` ids), deterministic for a given seed, so
 * indexing speed can be measured at scale without shipping a vault.
 */
export function* generateVault(options: VaultOptions = {}): Generator<VaultFile> {
  const {
    notes = 10_000,
    areas = 10,
    vocabularySize = DEFAULT_VOCABULARY,
    seed = DEFAULT_SEED,
  } = options;
  const random = seededRandom(seed + 1);
  const prose = proseWriter(random, vocabularyOf(seed, vocabularySize));
  const plans = planNotes(random, prose, notes, areas);
  const tags = [
    ...new Set(
      Array.from({ length: 100 }, (_, i) =>
        i % 3 === 0 ? `${prose.word()}/${prose.word()}` : prose.word(),
      ),
    ),
  ];
  for (const [i, plan] of plans.entries()) {
    const day = new Date(Date.UTC(2020, 0, 1) + (i % 1500) * 86_400_000);
    yield {
      path: `${plan.folder}/${plan.title}.md`,
      content: renderNote(random, prose, plan, plans, tags, day.toISOString().slice(0, 10)),
    };
  }
}

/** Text appended to a note to simulate an edit; the `n`-th edit of a seed is always the same. */
export function vaultEdit(n: number, options: VaultOptions = {}): string {
  const { vocabularySize = DEFAULT_VOCABULARY, seed = DEFAULT_SEED } = options;
  const prose = proseWriter(seededRandom(seed + 3 + n), vocabularyOf(seed, vocabularySize));
  return `\n## Edit ${n + 1}\n\n${prose.paragraph()}\n`;
}

/** Search queries of 1–3 less common words of the vault's vocabulary (so they hit), same for a seed. */
export function vaultQueries(count: number, options: VaultOptions = {}): string[] {
  const { vocabularySize = DEFAULT_VOCABULARY, seed = DEFAULT_SEED } = options;
  const rare = vocabularyOf(seed, vocabularySize).slice(COMMON_WORDS.length);
  const random = seededRandom(seed + 2);
  return Array.from({ length: count }, () =>
    Array.from({ length: random.int(1, 3) }, () => random.pick(rare)).join(' '),
  );
}

/**
 * Search that forgives one typo: recall at 10, added keys and search time.
 *
 *   cd bench && pnpm run search-recall [--csv file.csv] [--distractors N] [--mongo-distractors N] [--skip-mongo] [--seed N]
 *
 * The library is the service's sample library (the recipes a query means to find) among distractors: recipes made
 * of the development set's real ingredient lines (eight lines each, titled after two of them), so that food words
 * compete. Queries are the sample titles as a person would type them: exact, and with one typo (a letter added,
 * dropped, changed, or two neighbours swapped, at a random place) in one word, every word of five letters or more in
 * turn, each kind of typo once. Recall at 10: the intended recipe is on the first page of 10 (default relevance).
 * Typos that leave a word under five letters (a letter dropped from a five-letter word) are outside the rule and
 * printed apart. Targets: recall at 10 >= 90% with one typo; exact queries unchanged (same recall, and every exact
 * match in the same place on the first page as with exact matching alone).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  FUZZY_MIN_LENGTH,
  newRecipe,
  parseImportRecord,
  recipeListQueryFrom,
  recipeSearchKeys,
  wordsOf,
  type Recipe,
  type RecipeListQuery,
  type RecipeRepository,
} from '@larder/domain';
import { InMemoryRecipeRepository } from '@larder/domain/testing';
import { SAMPLE_RECIPES } from '@larder/http-fastify';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name: string, fallback: string): string => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? (args[index + 1] ?? fallback) : fallback;
};
/** The development set kept beside the repository (as `ingredients.ts` expects it), looked for up to two levels up. */
const DEV_SET = 'shared/data/ingredients/cookstr-2017.csv';
const CSV = option('csv', [resolve(root, '..', DEV_SET), resolve(root, '../..', DEV_SET)].find((path) => existsSync(path)) ?? resolve(root, '..', DEV_SET));
const DISTRACTORS = Number(option('distractors', '5000'));
const MONGO_DISTRACTORS = Number(option('mongo-distractors', '300'));
const SEED = Number(option('seed', '17'));
const PAGE = { page: 1, perPage: 10 };
const TARGET_RECALL = 0.9;

// A small seeded generator (mulberry32), so that every run asks the same queries.
let state = SEED >>> 0;
const random = (): number => {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const LETTERS = [...'abcdefghijklmnopqrstuvwxyz'];

let nextId = 0;
const recipeOf = (input: unknown): Recipe => {
  nextId += 1;
  const content = parseImportRecord(input)._unsafeUnwrap();
  return newRecipe(`r${String(nextId).padStart(6, '0')}`, content, new Date(Date.UTC(2026, 0, 1) + nextId * 1000));
};

/** Eight real ingredient lines per recipe, titled after two of them; none if the development set is absent. */
function distractors(count: number): Recipe[] {
  if (count === 0 || !existsSync(CSV)) return [];
  const rows = csvRows(readFileSync(CSV, 'utf8')).slice(1).filter((cells) => cells.length > 1);
  const recipes: Recipe[] = [];
  for (let start = 0; start + 8 <= rows.length && recipes.length < count; start += 8) {
    const lines = rows.slice(start, start + 8);
    const names = lines.map((cells) => cells[1] ?? '').filter((name) => name.trim() !== '');
    if (names.length < 2) continue;
    recipes.push(recipeOf({
      title: `${names[0]} and ${names[1]}`.slice(0, 200),
      ingredients: lines.map((cells) => (cells[0] ?? '').replace(/\s+/g, ' ').trim()).filter((line) => line !== '' && line.length <= 1000),
      engagement_score: Math.floor(random() * 1000),
    }));
  }
  return recipes;
}

/** RFC 4180 records: quoted cells may hold commas, doubled quotes and line breaks. */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else if (char === '\n') {
      rows.push([...cells, cell.replace(/\r$/, '')]);
      cells = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || cells.length > 0) rows.push([...cells, cell]);
  return rows;
}

type TypoKind = 'added' | 'dropped' | 'changed' | 'swapped';
const KINDS: readonly TypoKind[] = ['added', 'dropped', 'changed', 'swapped'];

function withTypo(word: string, kind: TypoKind): string {
  const letters = [...word];
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const copy = [...letters];
    const at = Math.floor(random() * copy.length);
    if (kind === 'added') copy.splice(at + Math.round(random()), 0, pick(LETTERS));
    else if (kind === 'dropped') copy.splice(at, 1);
    else if (kind === 'changed') copy[at] = pick(LETTERS);
    else if (at + 1 < copy.length) [copy[at], copy[at + 1]] = [copy[at + 1] as string, copy[at] as string];
    const typed = copy.join('');
    if (typed.toLowerCase() !== word.toLowerCase()) return typed;
  }
  return word;
}

interface Query {
  readonly q: string;
  readonly intended: string;
  readonly kind: TypoKind | 'exact';
  /** The typo left the word under five letters: outside the rule. */
  readonly outsideRule: boolean;
  /** Two words only: the (mistyped) word and its neighbour in the title; far less selective than a whole title. */
  readonly short?: boolean;
}

function queriesFor(recipes: readonly Recipe[]): Query[] {
  return recipes.flatMap((recipe) => {
    const tokens = recipe.title.split(/\s+/);
    const typos = tokens.flatMap((token, index) => {
      const [word] = wordsOf(token);
      if (word === undefined || [...word].length < FUZZY_MIN_LENGTH || wordsOf(token).length !== 1) return [];
      return KINDS.map((kind): Query => {
        const typed = withTypo(token, kind);
        const q = [...tokens.slice(0, index), typed, ...tokens.slice(index + 1)].join(' ');
        return { q, intended: recipe.id, kind, outsideRule: [...(wordsOf(typed)[0] ?? '')].length < FUZZY_MIN_LENGTH };
      });
    });
    const shortTypos = typos.map((query): Query => {
      const typed = query.q.split(/\s+/);
      const index = typed.findIndex((token, position) => token !== tokens[position]);
      const neighbour = index + 1 < typed.length ? [typed[index], typed[index + 1]] : [typed[index - 1], typed[index]];
      return { ...query, q: neighbour.join(' '), short: true };
    });
    return [{ q: recipe.title, intended: recipe.id, kind: 'exact' as const, outsideRule: false }, ...typos, ...shortTypos];
  });
}

const exactOnly = (query: RecipeListQuery): RecipeListQuery => {
  const { fuzzyKeys: _fuzzy, ...filter } = query.filter;
  return { ...query, filter };
};

interface Answer {
  readonly ids: string[];
  readonly micros: number;
}

async function ask(repository: RecipeRepository, query: RecipeListQuery): Promise<Answer> {
  const started = process.hrtime.bigint();
  const page = (await repository.list(query))._unsafeUnwrap();
  return { ids: page.items.map((recipe) => recipe.id), micros: Number(process.hrtime.bigint() - started) / 1000 };
}

interface Run {
  readonly answers: Answer[];
  readonly baseline: Answer[];
}

async function run(repository: RecipeRepository, queries: readonly Query[]): Promise<Run> {
  const answers: Answer[] = [];
  const baseline: Answer[] = [];
  for (const query of queries) {
    const listQuery = recipeListQueryFrom({ q: query.q }, PAGE);
    answers.push(await ask(repository, listQuery));
    baseline.push(await ask(repository, exactOnly(listQuery)));
  }
  return { answers, baseline };
}

const percent = (part: number, whole: number): string => (whole === 0 ? 'n/a' : `${((100 * part) / whole).toFixed(1)}%`);
const quantile = (values: readonly number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};
const timing = (answers: readonly Answer[]): string =>
  `median ${(quantile(answers.map((a) => a.micros), 0.5) / 1000).toFixed(2)} ms, p95 ${(quantile(answers.map((a) => a.micros), 0.95) / 1000).toFixed(2)} ms`;

function recallOf(queries: readonly Query[], answers: readonly Answer[], keep: (query: Query) => boolean): [number, number] {
  let hits = 0;
  let count = 0;
  queries.forEach((query, index) => {
    if (!keep(query)) return;
    count += 1;
    if (answers[index]?.ids.includes(query.intended)) hits += 1;
  });
  return [hits, count];
}

/** The exact matches of an exact query keep their places: the exact-only page is a prefix of the page. */
const exactPagesKept = (queries: readonly Query[], result: Run): [number, number] => {
  const exact = queries.map((query, index) => [query, index] as const).filter(([query]) => query.kind === 'exact');
  const kept = exact.filter(([, index]) => {
    const withFuzzy = result.answers[index]?.ids ?? [];
    const alone = result.baseline[index]?.ids ?? [];
    return alone.every((id, position) => withFuzzy[position] === id);
  });
  return [kept.length, exact.length];
};

function keyFigures(recipes: readonly Recipe[]): string[] {
  let prefix = 0;
  let typo = 0;
  let prefixBytes = 0;
  let typoBytes = 0;
  let most = 0;
  for (const recipe of recipes) {
    const keys = recipeSearchKeys(recipe).all;
    most = Math.max(most, keys.length);
    for (const key of keys) {
      const isTypo = key.includes('=') || key.includes('~');
      if (isTypo) {
        typo += 1;
        typoBytes += Buffer.byteLength(key);
      } else {
        prefix += 1;
        prefixBytes += Buffer.byteLength(key);
      }
    }
  }
  const n = recipes.length;
  return [
    `search keys per recipe: ${(prefix / n).toFixed(0)} prefix keys + ${(typo / n).toFixed(0)} typo keys ` +
      `(x${((prefix + typo) / prefix).toFixed(2)}; most in one recipe: ${most})`,
    `key bytes per recipe (index entries' keys, before index overhead): ${(prefixBytes / n).toFixed(0)} B + ${(typoBytes / n).toFixed(0)} B`,
  ];
}

async function report(label: string, repository: RecipeRepository, queries: readonly Query[]): Promise<{ typoRecall: number; exactSame: boolean }> {
  await run(repository, queries.slice(0, 20)); // warm-up: caches and JIT
  const result = await run(repository, queries);
  const typoInRule = (query: Query) => query.kind !== 'exact' && !query.outsideRule && query.short !== true;
  const shortInRule = (query: Query) => query.kind !== 'exact' && !query.outsideRule && query.short === true;
  const [typoHits, typoCount] = recallOf(queries, result.answers, typoInRule);
  const [baseHits] = recallOf(queries, result.baseline, typoInRule);
  const [exactHits, exactCount] = recallOf(queries, result.answers, (query) => query.kind === 'exact');
  const [exactBaseHits] = recallOf(queries, result.baseline, (query) => query.kind === 'exact');
  const [outsideHits, outsideCount] = recallOf(queries, result.answers, (query) => query.outsideRule && query.short !== true);
  const [shortHits, shortCount] = recallOf(queries, result.answers, shortInRule);
  const [shortBaseHits] = recallOf(queries, result.baseline, shortInRule);
  const [kept, exactTotal] = exactPagesKept(queries, result);
  const pick = (keep: (query: Query) => boolean, answers: readonly Answer[]) => answers.filter((_, index) => keep(queries[index] as Query));
  console.log(`\n${label}`);
  console.log(`  recall@10, one typo (${typoCount} queries):        ${percent(typoHits, typoCount)}   (exact matching alone: ${percent(baseHits, typoCount)})`);
  for (const kind of KINDS) {
    const [hits, count] = recallOf(queries, result.answers, (query) => query.kind === kind && typoInRule(query));
    console.log(`    a letter ${kind.padEnd(8)} ${percent(hits, count).padStart(7)} of ${count}`);
  }
  console.log(`  recall@10, exact titles (${exactCount} queries):   ${percent(exactHits, exactCount)}   (exact matching alone: ${percent(exactBaseHits, exactCount)})`);
  console.log(`  exact queries whose exact matches keep their places on page 1: ${kept}/${exactTotal}`);
  console.log(`  outside the rule (a letter dropped from a five-letter word, ${outsideCount} queries): ${percent(outsideHits, outsideCount)}`);
  console.log(`  recall@10, two words, one typo (${shortCount} queries): ${percent(shortHits, shortCount)}   (exact matching alone: ${percent(shortBaseHits, shortCount)}; no target: two words often fit many recipes)`);
  console.log(`  search time, exact titles:         ${timing(pick((query) => query.kind === 'exact', result.answers))}`);
  console.log(`  search time, exact titles, exact only: ${timing(pick((query) => query.kind === 'exact', result.baseline))}`);
  console.log(`  search time, one typo:             ${timing(pick(typoInRule, result.answers))}`);
  console.log(`  search time, one typo, exact only: ${timing(pick(typoInRule, result.baseline))}`);
  return { typoRecall: typoCount === 0 ? 0 : typoHits / typoCount, exactSame: exactHits === exactBaseHits && kept === exactTotal };
}

async function mongoReport(library: readonly Recipe[], queries: readonly Query[]): Promise<string | undefined> {
  if (args.includes('--skip-mongo')) return 'skipped (--skip-mongo)';
  const adapters = await import('@larder/adapters-mongo');
  const handle = await adapters.openDatabase({ url: process.env['MONGODB_URL'], dbName: `bench_search_${Date.now()}`, logger: () => {} });
  try {
    (await adapters.ensureIndexes(handle.db))._unsafeUnwrap();
    const repository = new adapters.MongoRecipeRepository(handle.db);
    for (let start = 0; start < library.length; start += 500) {
      (await repository.saveBatch(library.slice(start, start + 500).map((recipe) => ({ kind: 'insert' as const, recipe }))))._unsafeUnwrap();
    }
    await report(`MongoDB adapter, engine ${handle.engine} (${library.length} recipes)`, repository, queries);
    const reference = new InMemoryRecipeRepository();
    (await reference.saveBatch(library.map((recipe) => ({ kind: 'insert' as const, recipe }))))._unsafeUnwrap();
    let same = 0;
    for (const query of queries) {
      const listQuery = recipeListQueryFrom({ q: query.q }, PAGE);
      const [mongo, memory] = [await ask(repository, listQuery), await ask(reference, listQuery)];
      if (mongo.ids.join() === memory.ids.join()) same += 1;
    }
    console.log(`  first pages identical to the in-memory reference: ${same}/${queries.length}`);
    return same === queries.length ? undefined : 'the stores disagree';
  } finally {
    await handle.close();
  }
}

const samples = SAMPLE_RECIPES.map((sample) => recipeOf(sample));
const others = distractors(DISTRACTORS);
const library = [...samples, ...others];
const queries = queriesFor(samples);
console.log(`search-recall: ${samples.length} sample recipes among ${others.length} distractors` +
  (others.length === 0 ? ` (development set not found at ${CSV})` : ' from the development set') +
  `; ${queries.length} queries, seed ${SEED}`);
for (const line of keyFigures(library)) console.log(`  ${line}`);

const memory = new InMemoryRecipeRepository();
(await memory.saveBatch(library.map((recipe) => ({ kind: 'insert' as const, recipe }))))._unsafeUnwrap();
const { typoRecall, exactSame } = await report(`in-memory reference store (${library.length} recipes)`, memory, queries);
const mongoProblem = await mongoReport([...samples, ...others.slice(0, MONGO_DISTRACTORS)], queries);
if (mongoProblem !== undefined) console.log(`  MongoDB: ${mongoProblem}`);

console.log('');
console.log(`target recall@10 with one typo >= ${TARGET_RECALL * 100}%: ${typoRecall >= TARGET_RECALL ? 'met' : 'NOT met'} (${(typoRecall * 100).toFixed(1)}%)`);
console.log(`target exact queries unchanged: ${exactSame ? 'met' : 'NOT met'}`);

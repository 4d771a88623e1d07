/**
 * The in-memory recipe store's indexes, so that a search or a listing at 100,000 recipes reads the recipes that
 * match rather than all of them, with the answers of the reference semantics (`recipeMatchesFilter`,
 * `recipeComparator`, `relevanceGroup`) unchanged.
 *
 * - Every recipe gets a slot (0, 1, 2… in order of first write; a recipe keeps its slot when it changes), and a row:
 *   the recipe and the values its filters and sorts read, computed once per write (facet keys, folded title).
 * - Inverted indexes: search key → slots whose recipe has it among all its keys (`recipeSearchKeys(...).all`), and
 *   among its title's keys; facet value → slots (cuisine, meal type, season, collection, each dietary tag).
 *   Posting lists are ascending slots in a compact form (`posting.ts`).
 * - A text query is answered by stamping: for query word i, every slot in the posting of its key (or of one of its
 *   typo keys) whose stamp says "words 0..i-1 matched" moves on to "0..i matched"; the slots stamped with every word
 *   at the end are the matches, and a second stamp that only exact keys move says which matched exactly. Title
 *   stamps, from the title postings, give the relevance groups. The cost is the sum of the query keys' posting
 *   sizes, not the library's size.
 * - A text query that nothing but facets narrows (the usual search box) is answered from sets of bits instead
 *   (`slot-bits.ts`): each word's postings united, the words and facets intersected, the total and the relevance
 *   groups counted a word of 32 slots at a time, and a posting of many slots read by bits it keeps
 *   (`LargePosting.bits`).
 * - A listing by facets alone (no text, no range, no readiness, statuses every recipe has) intersects the facets'
 *   postings as sets of bits, and counts the intersection the same way.
 * - The other filters are checked on the candidates' columns (typed arrays by slot: status, facets, tags, cook
 *   time, e-mail readiness), one tight loop per condition the filter names (`#narrow`); without a text query the
 *   candidates are the smallest facet posting the filter names, else every slot (within the cook time, when the
 *   filter names one).
 * - A listing by statuses alone, perhaps with readiness for e-mail or a maximum cook time, is counted from counts
 *   kept on writes (per status, per status when ready, per cook time and status), and its page is a walk of the
 *   sort's kept order that tests each slot it passes; when every recipe matches, the page is taken from the order.
 * - Every sort key has an order kept on writes (`sorted-slots.ts`). When the matches are many, or the page deep, the
 *   page is a walk of that order that keeps the slots marked as matches (by relevance: the engagement order, each
 *   match marked with its group). When they are few, a bounded selection: the first offset + perPage candidates in
 *   the sort's order, kept in a heap of that size, which reads a numeric lead column first (engagement, a date, the
 *   title's first three letters) and calls the order only on a tie; relevance fills the page group by group.
 * - A query allocates nothing in proportion to its matches: they are written to a typed array kept on the index
 *   (`#matched`), and postings are read in place. (A query matching 86,000 recipes used to allocate ~3 MB and set
 *   off a young-generation collection of ~3 ms every few calls.)
 * Writes keep everything current: a changed recipe's keys are compared with its previous ones and only the
 * difference is moved (a status change, such as archiving, moves none).
 */
import type { Recipe, RecipeStatus } from '../recipe/recipe.js';
import { facetKey } from '../recipe/recipe.js';
import { titleSortKey, type RecipeFilter, type RecipeSort } from '../recipe/recipe-query.js';
import { addStoredWordFuzzyKeys } from './fuzzy-keys.js';
import { recipeSearchKeys } from './search-terms.js';
import { LargePosting, postingBytes, postingHas, postingSize, postingWith, postingWithout, slotsOf, type Posting } from './posting.js';
import { addPosting, bitWords, countBits, difference, hasBit, intersect, intersectPosting, setPosting, slotsInBits } from './slot-bits.js';
import { compareStrings, SortedSlots } from './sorted-slots.js';

interface Row {
  readonly recipe: Recipe;
  readonly status: RecipeStatus;
  readonly cuisine: string | null;
  readonly mealType: string | null;
  readonly season: string | null;
  readonly titleKey: string;
  readonly created: number;
  readonly updated: number;
}

const facetOf = (value: string | null): string | null => (value === null ? null : facetKey(value));

function rowOf(recipe: Recipe): Row {
  return {
    recipe,
    status: recipe.status,
    cuisine: facetOf(recipe.cuisine),
    mealType: facetOf(recipe.meal_type),
    season: facetOf(recipe.season),
    titleKey: titleSortKey(recipe.title),
    created: recipe.created_at.getTime(),
    updated: recipe.updated_at.getTime(),
  };
}

/** The facet postings a recipe belongs to, as `kind:value` keys. */
function facetKeys(row: Row): string[] {
  const keys: string[] = [];
  if (row.cuisine !== null) keys.push(`c:${row.cuisine}`);
  if (row.mealType !== null) keys.push(`m:${row.mealType}`);
  if (row.season !== null) keys.push(`s:${row.season}`);
  if (row.recipe.collection_id !== null) keys.push(`k:${row.recipe.collection_id}`);
  for (const tag of row.recipe.dietary_tags) keys.push(`t:${tag}`);
  return keys;
}

/** The keys of the filter's facets: a candidate must be in every one of these postings. */
function filterFacetKeys(filter: RecipeFilter): string[] {
  const keys: string[] = [];
  if (filter.cuisine !== undefined) keys.push(`c:${filter.cuisine}`);
  if (filter.mealType !== undefined) keys.push(`m:${filter.mealType}`);
  if (filter.season !== undefined) keys.push(`s:${filter.season}`);
  if (filter.collectionId !== undefined) keys.push(`k:${filter.collectionId}`);
  for (const tag of filter.dietaryTags) keys.push(`t:${tag}`);
  return keys;
}

const sameSearchText = (a: Recipe, b: Recipe): boolean =>
  a.title === b.title &&
  a.description === b.description &&
  a.notes === b.notes &&
  a.ingredients.length === b.ingredients.length &&
  a.ingredients.every((ingredient, index) => ingredient.name === b.ingredients[index]?.name);

/**
 * The filter as an object of one shape whatever it names: filters built with and without their optional fields
 * have different hidden classes, and each new one met by a query's optimised code sent it back to be compiled again
 * (on a compiler thread whose CPU counts in the query's), several times over a mix of queries.
 */
function sameShape(filter: RecipeFilter): RecipeFilter {
  return {
    searchKeys: filter.searchKeys,
    fuzzyKeys: filter.fuzzyKeys,
    dietaryTags: filter.dietaryTags,
    cuisine: filter.cuisine,
    mealType: filter.mealType,
    season: filter.season,
    collectionId: filter.collectionId,
    maxCookTimeMinutes: filter.maxCookTimeMinutes,
    statuses: filter.statuses,
    emailReady: filter.emailReady,
  };
}

/** `recipeMatchesFilter` without the text query, on a row. */
function rowMatches(row: Row, filter: RecipeFilter): boolean {
  if (!filter.statuses.includes(row.status)) return false;
  const recipe = row.recipe;
  if (filter.dietaryTags.length > 0 && !filter.dietaryTags.every((tag) => recipe.dietary_tags.includes(tag))) return false;
  if (filter.cuisine !== undefined && row.cuisine !== filter.cuisine) return false;
  if (filter.mealType !== undefined && row.mealType !== filter.mealType) return false;
  if (filter.season !== undefined && row.season !== filter.season) return false;
  if (filter.collectionId !== undefined && recipe.collection_id !== filter.collectionId) return false;
  if (filter.maxCookTimeMinutes !== undefined) {
    if (recipe.cook_time_minutes === null || recipe.cook_time_minutes > filter.maxCookTimeMinutes) return false;
  }
  return filter.emailReady === undefined || recipe.email_ready === filter.emailReady;
}

/**
 * The first three UTF-16 code units of a title's sort key as one number that orders as the keys do under `<` (each
 * unit + 1 in 17 bits, 0 past the end: 51 bits, exact in a double): the title sort's lead column.
 */
function titleLeadOf(titleKey: string): number {
  let lead = 0;
  for (let at = 0; at < 3; at += 1) lead = lead * 0x20000 + (at < titleKey.length ? titleKey.charCodeAt(at) + 1 : 0);
  return lead;
}

const STATUS_BITS: Record<RecipeStatus, number> = { active: 1, draft: 2, archived: 4 };
/** Past this many distinct cook times, a listing by a maximum counts its recipes rather than adding up per time. */
const MAX_COOK_TIMES_ADDED = 4096;

/** How many maximum cook times keep their set of bits (`#withinCookTime`): the ones asked for last. */
const COOK_TIME_SETS = 8;

/**
 * A filter without its text, as the column values a slot must have: what `#narrow` tests. -1: any value; `none`:
 * no slot can match (a facet value or a tag no recipe has).
 */
interface ColumnPlan {
  readonly none: boolean;
  readonly statusMask: number;
  /** Whether testing the status can leave a recipe out (false when every recipe has one of the statuses asked for). */
  readonly statusTest: boolean;
  readonly cuisine: number;
  readonly mealType: number;
  readonly season: number;
  readonly collection: number;
  readonly tagMask: number;
  /** A tag met after the first 32 (no bit in `#tags`): the row answers the whole filter. */
  readonly tagsFromRow: boolean;
  readonly byCookTime: boolean;
  readonly maxCookTime: number;
  readonly email: number;
}

// The narrowing loops, one per test: each keeps, in place, the first `count` slots of `slots` that pass, and returns
// how many it kept. Small, a few nanoseconds a slot, where one closure testing every
// condition cost 15–35 (a call that could not be inlined, and a test of each condition the filter does not name).
function keepMasked(slots: Int32Array, count: number, column: Uint8Array, mask: number): number {
  let kept = 0;
  for (let at = 0; at < count; at += 1) {
    const slot = slots[at] as number;
    if (((column[slot] as number) & mask) !== 0) slots[kept++] = slot;
  }
  return kept;
}

/** A facet's code (`Int32Array`), or readiness for e-mail (`Uint8Array`), equal to `value`. */
function keepEqual(slots: Int32Array, count: number, column: Int32Array | Uint8Array, value: number): number {
  let kept = 0;
  for (let at = 0; at < count; at += 1) {
    const slot = slots[at] as number;
    if (column[slot] === value) slots[kept++] = slot;
  }
  return kept;
}

function keepAllBits(slots: Int32Array, count: number, column: Int32Array, bits: number): number {
  let kept = 0;
  for (let at = 0; at < count; at += 1) {
    const slot = slots[at] as number;
    if (((column[slot] as number) & bits) === bits) slots[kept++] = slot;
  }
  return kept;
}

/** NaN (no cook time) is ≤ no maximum: left out, as the contract says. */
function keepAtMost(slots: Int32Array, count: number, column: Float64Array, max: number): number {
  let kept = 0;
  for (let at = 0; at < count; at += 1) {
    const slot = slots[at] as number;
    if ((column[slot] as number) <= max) slots[kept++] = slot;
  }
  return kept;
}

export interface IndexedPage {
  readonly items: Recipe[];
  readonly total: number;
  readonly fuzzyMatches: number;
}

/** Orders slots: negative when the first comes first. */
type SlotOrder = (a: number, b: number) => number;

/**
 * A numeric column that an order sorts by first (ascending when `sign` is 1, descending when -1), ties left to the
 * order: the page's heap turns most slots away by one read of it, without a call of the order.
 */
export interface LeadKey {
  readonly values: Float64Array;
  readonly sign: 1 | -1;
}

/**
 * The first `count` of `slots[0..length)` in `order`, in that order: a max-heap of `count` (its worst at the top)
 * that each further slot enters only if it comes before the top. O(n log count) against a whole sort's O(n log n),
 * and nothing allocated but the heap.
 */
export function firstInOrder(slots: ArrayLike<number>, length: number, count: number, order: SlotOrder, fromEnd = false, lead?: LeadKey): number[] {
  if (count <= 0) return [];
  if (length <= count) return Array.from({ length }, (_, at) => slots[at] as number).sort(order);
  const heap: number[] = [];
  const [values, sign] = lead === undefined ? [undefined, 1] : [lead.values, lead.sign];
  // Slots come in order of first write, which is creation order: a descending sort meets its best slots first
  // from the end, and then turns the rest away with one comparison each, where from the start each would enter.
  for (let index = 0; index < length; index += 1) {
    const slot = slots[fromEnd ? length - 1 - index : index] as number;
    if (heap.length < count) {
      let at = heap.length;
      heap.push(slot);
      while (at > 0) {
        const parent = (at - 1) >>> 1;
        const above = heap[parent] as number;
        if (order(slot, above) <= 0) break;
        heap[at] = above;
        at = parent;
      }
      heap[at] = slot;
      continue;
    }
    const top = heap[0] as number;
    // NaN (a column of infinities or NaN) decides nothing here: the order does.
    const difference = values === undefined ? Number.NaN : sign * ((values[slot] as number) - (values[top] as number));
    if (difference > 0) continue;
    if (difference < 0 || order(slot, top) < 0) siftDown(heap, slot, order);
  }
  return heap.sort(order);
}

/** Puts `slot` at the top of the max-heap in place of its worst, and moves it down to where it belongs. */
function siftDown(heap: number[], slot: number, order: SlotOrder): void {
  const size = heap.length;
  let at = 0;
  for (;;) {
    const left = 2 * at + 1;
    if (left >= size) break;
    let worst = left;
    if (left + 1 < size && order(heap[left + 1] as number, heap[left] as number) > 0) worst = left + 1;
    const below = heap[worst] as number;
    if (order(below, slot) <= 0) break;
    heap[at] = below;
    at = worst;
  }
  heap[at] = slot;
}

export class RecipeIndex {
  readonly #slotOf = new Map<string, number>();
  readonly #rows: Row[] = [];
  // Columns of the values most filters and sorts read, by slot: a query loops over typed arrays rather than
  // reaching each candidate's row object (at 100,000 recipes, a cache miss per candidate is most of the cost).
  #statusBits = new Uint8Array(0);
  #cuisine = new Int32Array(0);
  #mealType = new Int32Array(0);
  #season = new Int32Array(0);
  /** The slot's dietary tags as bits (`#tagBits`): a filter by tag reads no row (30,000 rows read: ~20 ms). */
  #tags = new Int32Array(0);
  #engagement = new Float64Array(0);
  #created = new Float64Array(0);
  #updated = new Float64Array(0);
  #titleLead = new Float64Array(0);
  /** Cook time (NaN: none), e-mail readiness (0 or 1) and collection (a facet code): the filters a row used to answer. */
  #cookTime = new Float64Array(0);
  #emailReady = new Uint8Array(0);
  #collection = new Int32Array(0);
  /**
   * Slots in the order of each sort key, kept on writes, for listings in those orders (`sorted-slots.ts`); by
   * relevance, the engagement order within each group. A deep page by engagement offered 40,000 slots to a heap
   * (~440 ms at 100,000 recipes); a walk reads each slot once.
   */
  readonly #titleOrder = new SortedSlots<string>(compareStrings);
  readonly #createdOrder = new SortedSlots<number>((a, b) => a - b);
  readonly #engagementOrder = new SortedSlots<number>((a, b) => a - b);
  readonly #updatedOrder = new SortedSlots<number>((a, b) => a - b);
  /** Facet value → a small whole number ≥ 1 for the columns (0: none). */
  readonly #facetCodes = new Map<string, number>();
  /** Dietary tag → its bit in `#tags`, for the first 32 tags met; -1 for a tag met after those (read from the row). */
  readonly #tagBits = new Map<string, number>();
  /** Search key → slots whose recipe has it (title, description, ingredient names, notes). */
  readonly #allKeys = new Map<string, Posting>();
  /** Search key → slots whose recipe's title has it. */
  readonly #titleKeys = new Map<string, Posting>();
  readonly #facets = new Map<string, Posting>();
  /**
   * Typo key of the `i~…` form → the whole-word keys (`=word`) of the stored words that have it. These keys get no
   * posting of their own: a recipe has `i~…` exactly when it has `=word` for one of these words (only a word's own
   * typo keys start with `=word`), so a query's typo key leads to words here, and each word to its `=word` posting.
   * Most typo keys of a query name the query word itself or words that start with it, whose recipes the word's
   * prefix posting already holds; skipping those makes a typo-tolerant query cost about as much as an exact one.
   */
  readonly #typoWords = new Map<string, string | string[]>();
  readonly #byExternalId = new Map<string, number>();
  /** How many recipes have each status: the total of a listing that filters by status alone, without a count. */
  readonly #byStatus: Record<RecipeStatus, number> = { active: 0, draft: 0, archived: 0 };
  /** Of those, how many are ready for e-mail: the total of a listing by status and readiness alone. */
  readonly #readyByStatus: Record<RecipeStatus, number> = { active: 0, draft: 0, archived: 0 };
  /**
   * Recipes by cook time and status: the total of a listing by status and a maximum cook time, a sum over the
   * distinct cook times (a few hundred in a library: minutes are whole numbers) rather than a count of the recipes.
   */
  readonly #byCookTime = new Map<number, Record<RecipeStatus, number>>();
  /**
   * Maximum cook time → the slots within it as bits (`slot-bits.ts`): made the first time a listing by facets asks
   * for that maximum (one pass over the cook-time column), then kept by every write, for the last `COOK_TIME_SETS`
   * maxima asked for. `dietary_tags=vegan&max_cook_time_minutes=30` copied the tag's 30,000 slots and tested each on
   * two columns (190 µs at 100,000 recipes); with these bits it is an intersection of two sets (`#facetsByBits`).
   */
  readonly #cookTimeBits = new Map<number, Int32Array>();
  /** Maxima asked for once without a set, with a small facet (see `#facetsByBits`): the next ask makes the set. */
  readonly #cookTimesAsked = new Set<number>();
  // Stamps of the running query (see the file's comment); a query uses values above #epoch and moves it past them.
  #hit = new Int32Array(0);
  #exact = new Int32Array(0);
  #titleHit = new Int32Array(0);
  #titleExact = new Int32Array(0);
  /** The running query's matches, stamped with its base, for a walk of a kept order (`#pageInWalk`). */
  #isMatch = new Int32Array(0);
  #epoch = 0;
  /** The running query's matching slots, in their first places (see `#candidates`); kept between queries. */
  #matched = new Int32Array(0);
  /** How many of the running query's matches match within a typo only (see `#candidates`). */
  #fuzzyMatches = 0;
  /** Whether the running query's conditions besides its text leave every recipe in (see `#firstFromOneGroup`). */
  #textAlone = false;
  /**
   * The running text query's sets of slots as bits (`slot-bits.ts`, see `#textByBits`): its matches, those that
   * match every word exactly, the same two in titles, and one word's two while it is added in.
   */
  #anyBits = new Int32Array(0);
  #exactBits = new Int32Array(0);
  #titleAnyBits = new Int32Array(0);
  #titleExactBits = new Int32Array(0);
  #wordAnyBits = new Int32Array(0);
  #wordExactBits = new Int32Array(0);

  get size(): number {
    return this.#rows.length;
  }

  get(id: string): Recipe | undefined {
    const slot = this.#slotOf.get(id);
    return slot === undefined ? undefined : this.#rows[slot]?.recipe;
  }

  has(id: string): boolean {
    return this.#slotOf.has(id);
  }

  /** The id of the recipe that holds this external id, if any. */
  externalIdOwner(externalId: string): string | undefined {
    const slot = this.#byExternalId.get(externalId);
    return slot === undefined ? undefined : this.#rows[slot]?.recipe.id;
  }

  /** The stored recipes with these external ids, in the order they were first stored. */
  byExternalIds(externalIds: Iterable<string>): Recipe[] {
    const slots = new Set<number>();
    for (const externalId of externalIds) {
      const slot = this.#byExternalId.get(externalId);
      if (slot !== undefined) slots.add(slot);
    }
    return [...slots].sort((a, b) => a - b).map((slot) => (this.#rows[slot] as Row).recipe);
  }

  all(): Recipe[] {
    return this.#rows.map((row) => row.recipe);
  }

  #count(row: Row, by: 1 | -1): void {
    this.#byStatus[row.status] += by;
    if (row.recipe.email_ready) this.#readyByStatus[row.status] += by;
    const minutes = row.recipe.cook_time_minutes;
    if (minutes === null) return;
    const counts = this.#byCookTime.get(minutes) ?? { active: 0, draft: 0, archived: 0 };
    counts[row.status] += by;
    if (counts.active === 0 && counts.draft === 0 && counts.archived === 0) this.#byCookTime.delete(minutes);
    else this.#byCookTime.set(minutes, counts);
  }

  /** Stores a recipe, new or a replacement of the one with its id, and brings every index up to date. */
  put(recipe: Recipe): void {
    const row = rowOf(recipe);
    const slot = this.#slotOf.get(recipe.id);
    if (slot === undefined) {
      const fresh = this.#rows.length;
      this.#slotOf.set(recipe.id, fresh);
      this.#rows.push(row);
      this.#count(row, 1);
      this.#setColumns(fresh, row);
      this.#placeInOrders(fresh, row);
      const keys = recipeSearchKeys(recipe);
      this.#move(this.#allKeys, fresh, [], keys.all);
      this.#move(this.#titleKeys, fresh, [], keys.title);
      for (const key of facetKeys(row)) this.#facets.set(key, postingWith(this.#facets.get(key), fresh));
      if (recipe.external_id !== null) this.#byExternalId.set(recipe.external_id, fresh);
      return;
    }
    const before = this.#rows[slot] as Row;
    this.#rows[slot] = row;
    this.#count(before, -1);
    this.#count(row, 1);
    this.#setColumns(slot, row);
    this.#placeInOrders(slot, row);
    if (!sameSearchText(before.recipe, recipe)) {
      const was = recipeSearchKeys(before.recipe);
      const now = recipeSearchKeys(recipe);
      this.#move(this.#allKeys, slot, was.all, now.all);
      this.#move(this.#titleKeys, slot, was.title, now.title);
    }
    this.#move(this.#facets, slot, facetKeys(before), facetKeys(row));
    const [oldExternal, newExternal] = [before.recipe.external_id, recipe.external_id];
    if (oldExternal !== newExternal) {
      if (oldExternal !== null && this.#byExternalId.get(oldExternal) === slot) this.#byExternalId.delete(oldExternal);
      if (newExternal !== null) this.#byExternalId.set(newExternal, slot);
    }
  }

  #placeInOrders(slot: number, row: Row): void {
    // A NaN (an invalid date) would have no place in an order: first, as no other number can be.
    const placed = (value: number): number => (Number.isNaN(value) ? Number.NEGATIVE_INFINITY : value);
    const id = row.recipe.id;
    this.#titleOrder.put(slot, row.titleKey, id);
    this.#createdOrder.put(slot, placed(row.created), id);
    this.#engagementOrder.put(slot, placed(row.recipe.engagement_score), id);
    this.#updatedOrder.put(slot, placed(row.updated), id);
  }

  /** The kept order of a sort key (relevance: engagement, within each group). */
  #kept(key: RecipeSort['key']): SortedSlots<string> | SortedSlots<number> {
    switch (key) {
      case 'title':
        return this.#titleOrder;
      case 'created_at':
        return this.#createdOrder;
      case 'updated_at':
        return this.#updatedOrder;
      case 'engagement_score':
      case 'relevance':
        return this.#engagementOrder;
    }
  }

  #facetCode(value: string | null): number {
    if (value === null) return 0;
    let code = this.#facetCodes.get(value);
    if (code === undefined) this.#facetCodes.set(value, (code = this.#facetCodes.size + 1));
    return code;
  }

  /** The bit of a dietary tag in `#tags` (0 when it has none). */
  #tagBit(tag: string): number {
    let bit = this.#tagBits.get(tag);
    if (bit === undefined) this.#tagBits.set(tag, (bit = this.#tagBits.size < 32 ? this.#tagBits.size : -1));
    return bit === -1 ? 0 : 1 << bit;
  }

  #setColumns(slot: number, row: Row): void {
    if (slot >= this.#statusBits.length) {
      const capacity = Math.max(1024, this.#statusBits.length * 2);
      const grow = <T extends Uint8Array | Int32Array | Float64Array>(column: T, make: (size: number) => T): T => {
        const grown = make(capacity);
        grown.set(column);
        return grown;
      };
      this.#statusBits = grow(this.#statusBits, (size) => new Uint8Array(size));
      this.#cuisine = grow(this.#cuisine, (size) => new Int32Array(size));
      this.#mealType = grow(this.#mealType, (size) => new Int32Array(size));
      this.#season = grow(this.#season, (size) => new Int32Array(size));
      this.#tags = grow(this.#tags, (size) => new Int32Array(size));
      this.#engagement = grow(this.#engagement, (size) => new Float64Array(size));
      this.#created = grow(this.#created, (size) => new Float64Array(size));
      this.#updated = grow(this.#updated, (size) => new Float64Array(size));
      this.#titleLead = grow(this.#titleLead, (size) => new Float64Array(size));
      this.#cookTime = grow(this.#cookTime, (size) => new Float64Array(size));
      this.#emailReady = grow(this.#emailReady, (size) => new Uint8Array(size));
      this.#collection = grow(this.#collection, (size) => new Int32Array(size));
      for (const [max, bits] of this.#cookTimeBits) {
        const grown = new Int32Array(bitWords(capacity));
        grown.set(bits);
        this.#cookTimeBits.set(max, grown);
      }
    }
    this.#statusBits[slot] = STATUS_BITS[row.status];
    this.#cuisine[slot] = this.#facetCode(row.cuisine);
    this.#mealType[slot] = this.#facetCode(row.mealType);
    this.#season[slot] = this.#facetCode(row.season);
    this.#tags[slot] = row.recipe.dietary_tags.reduce((bits, tag) => bits | this.#tagBit(tag), 0);
    this.#engagement[slot] = row.recipe.engagement_score;
    this.#created[slot] = row.created;
    this.#updated[slot] = row.updated;
    this.#titleLead[slot] = titleLeadOf(row.titleKey);
    this.#cookTime[slot] = row.recipe.cook_time_minutes ?? Number.NaN;
    const [minutes, word, bit] = [this.#cookTime[slot], slot >>> 5, 1 << (slot & 31)];
    for (const [max, bits] of this.#cookTimeBits) bits[word] = minutes <= max ? (bits[word] as number) | bit : (bits[word] as number) & ~bit;
    this.#emailReady[slot] = row.recipe.email_ready ? 1 : 0;
    this.#collection[slot] = this.#facetCode(row.recipe.collection_id);
  }

  /** Whether every recipe has one of the statuses of `mask` (no test of them can leave one out). */
  #everyRecipeHas(mask: number): boolean {
    let having = 0;
    for (const status of ['active', 'draft', 'archived'] as const) if ((mask & STATUS_BITS[status]) !== 0) having += this.#byStatus[status];
    return having === this.#rows.length;
  }

  /** Whether the plan tests no column but the status (and names no value no recipe has). */
  static #namesNoColumn(plan: ColumnPlan): boolean {
    return !plan.none && !plan.tagsFromRow && !plan.byCookTime && plan.tagMask === 0 && plan.email === -1 && plan.cuisine === -1 && plan.mealType === -1 && plan.season === -1 && plan.collection === -1;
  }

  /** The filter's column values (see `ColumnPlan`). */
  #plan(filter: RecipeFilter): ColumnPlan {
    // A facet value no recipe has gets -2, which no slot's code equals: no match.
    const wanted = (value: string | undefined): number => (value === undefined ? -1 : (this.#facetCodes.get(value) ?? -2));
    const [cuisine, mealType, season, collection] = [wanted(filter.cuisine), wanted(filter.mealType), wanted(filter.season), wanted(filter.collectionId)];
    const statusMask = filter.statuses.reduce((mask, status) => mask | STATUS_BITS[status], 0);
    let [tagMask, tagsFromRow, noSuchTag] = [0, false, false];
    for (const tag of filter.dietaryTags) {
      const bit = this.#tagBits.get(tag);
      if (bit === undefined) noSuchTag = true;
      else if (bit === -1) tagsFromRow = true;
      else tagMask |= 1 << bit;
    }
    return {
      none: noSuchTag || cuisine === -2 || mealType === -2 || season === -2 || collection === -2,
      statusMask,
      statusTest: !this.#everyRecipeHas(statusMask),
      cuisine,
      mealType,
      season,
      collection,
      tagMask,
      tagsFromRow,
      byCookTime: filter.maxCookTimeMinutes !== undefined,
      maxCookTime: filter.maxCookTimeMinutes ?? 0,
      email: filter.emailReady === undefined ? -1 : filter.emailReady ? 1 : 0,
    };
  }

  /**
   * Keeps, in place, the first `count` slots of `#matched` that pass the filter's conditions other than its text,
   * and returns how many: one tight loop over the columns per condition the filter names (`keepEqual` and the rest).
   */
  #narrow(count: number, plan: ColumnPlan, filter: RecipeFilter): number {
    if (plan.none) return 0;
    const matched = this.#matched;
    let kept = count;
    if (plan.statusTest) kept = keepMasked(matched, kept, this.#statusBits, plan.statusMask);
    if (plan.cuisine !== -1) kept = keepEqual(matched, kept, this.#cuisine, plan.cuisine);
    if (plan.mealType !== -1) kept = keepEqual(matched, kept, this.#mealType, plan.mealType);
    if (plan.season !== -1) kept = keepEqual(matched, kept, this.#season, plan.season);
    if (plan.collection !== -1) kept = keepEqual(matched, kept, this.#collection, plan.collection);
    if (plan.tagMask !== 0) kept = keepAllBits(matched, kept, this.#tags, plan.tagMask);
    if (plan.byCookTime) kept = keepAtMost(matched, kept, this.#cookTime, plan.maxCookTime);
    if (plan.email !== -1) kept = keepEqual(matched, kept, this.#emailReady, plan.email);
    if (plan.tagsFromRow) {
      const [rows, from] = [this.#rows, kept];
      kept = 0;
      for (let at = 0; at < from; at += 1) {
        const slot = matched[at] as number;
        if (rowMatches(rows[slot] as Row, filter)) matched[kept++] = slot;
      }
    }
    return kept;
  }

  #move(index: Map<string, Posting>, slot: number, before: readonly string[], after: readonly string[]): void {
    const words = index === this.#allKeys;
    const keep = new Set(after);
    for (const key of before) {
      if (keep.has(key) || key.includes('~')) continue;
      const posting = index.get(key);
      if (posting === undefined) continue;
      const left = postingWithout(posting, slot);
      if (left !== undefined) index.set(key, left);
      else {
        index.delete(key);
        if (words && key.startsWith('=')) this.#wordTypoKeys(key, (typoKey) => this.#forgetTypoWord(typoKey, key));
      }
    }
    const had = new Set(before);
    for (const key of after) {
      if (had.has(key) || key.includes('~')) continue;
      const posting = index.get(key);
      if (words && posting === undefined && key.startsWith('=')) this.#wordTypoKeys(key, (typoKey) => this.#addTypoWord(typoKey, key));
      index.set(key, postingWith(posting, slot));
    }
  }

  /** Calls `each` with the `i~…` typo keys of the word whose whole-word key is `wordKey` (`=word`). */
  #wordTypoKeys(wordKey: string, each: (typoKey: string) => void): void {
    const keys = new Set<string>();
    addStoredWordFuzzyKeys(wordKey.slice(1), keys);
    for (const key of keys) if (key.includes('~')) each(key);
  }

  #addTypoWord(typoKey: string, wordKey: string): void {
    const words = this.#typoWords.get(typoKey);
    if (words === undefined) this.#typoWords.set(typoKey, wordKey);
    else if (typeof words === 'string') this.#typoWords.set(typoKey, words === wordKey ? words : [words, wordKey]);
    else if (!words.includes(wordKey)) words.push(wordKey);
  }

  #forgetTypoWord(typoKey: string, wordKey: string): void {
    const words = this.#typoWords.get(typoKey);
    if (words === undefined) return;
    if (typeof words === 'string') {
      if (words === wordKey) this.#typoWords.delete(typoKey);
      return;
    }
    const left = words.filter((word) => word !== wordKey);
    this.#typoWords.set(typoKey, left.length === 1 ? (left[0] as string) : left);
  }

  /**
   * The posting keys whose slots match query word `word` within a typo but not exactly: the `=word` keys of the
   * stored words one edit away, leaving out words that start with the query's key (their recipes hold that key),
   * and keys no recipe has (most of a query's own `=word` typo keys: `smoky` brings `=smok`, `=soky`…).
   */
  #typoPostingKeys(filter: RecipeFilter, word: number): string[] {
    const exactKey = filter.searchKeys[word] as string;
    const found = new Set<string>();
    const add = (wordKey: string): void => {
      if (!wordKey.startsWith(exactKey, 1) && this.#allKeys.has(wordKey)) found.add(wordKey);
    };
    for (const typoKey of filter.fuzzyKeys?.[word] ?? []) {
      if (typoKey.startsWith('=')) add(typoKey);
      else {
        const words = this.#typoWords.get(typoKey);
        if (typeof words === 'string') add(words);
        else if (words !== undefined) words.forEach(add);
      }
    }
    return [...found];
  }

  /** Makes the stamp arrays and `#matched` cover every slot, and returns a fresh base above every stamp in them. */
  #stampBase(span: number): number {
    const size = this.#rows.length;
    if (this.#hit.length < size) {
      const capacity = Math.max(1024, size * 2);
      this.#hit = new Int32Array(capacity);
      this.#exact = new Int32Array(capacity);
      this.#titleHit = new Int32Array(capacity);
      this.#titleExact = new Int32Array(capacity);
      this.#matched = new Int32Array(capacity);
      this.#isMatch = new Int32Array(capacity);
      this.#epoch = 0;
    }
    if (this.#epoch + span + 1 >= 0x7fffffff) {
      for (const stamps of [this.#hit, this.#exact, this.#titleHit, this.#titleExact, this.#isMatch]) stamps.fill(0);
      this.#epoch = 0;
    }
    const base = this.#epoch + 1;
    this.#epoch = base + span;
    return base;
  }

  /**
   * Stamps every slot by how many query words (from the first) it matches, in `hit` (a key or one of its typo keys)
   * and `exact` (the key itself), from `index`'s postings. A slot matched every word when its stamp is base + words.
   */
  #stamp(index: Map<string, Posting>, keys: readonly string[], typoKeys: readonly string[][], base: number, hit: Int32Array, exact: Int32Array): void {
    for (let word = 0; word < keys.length; word += 1) {
      RecipeIndex.#stampPosting(index.get(keys[word] as string), word, base, hit, exact);
      for (const typoKey of typoKeys[word] ?? []) RecipeIndex.#stampPosting(index.get(typoKey), word, base, hit, undefined);
    }
  }

  /**
   * Moves the slots of a posting of query word `word` that matched the words before it (or any slot, for the first
   * word: stamps below `base` are earlier queries') to "matched up to `word`" in `hit`, and in `exact` too unless it
   * is a typo key's posting. One loop for both, so that the first query with a typo runs code already compiled.
   */
  static #stampPosting(posting: Posting | undefined, word: number, base: number, hit: Int32Array, exact: Int32Array | undefined): void {
    const [slots, from, to] = [slotsOf(posting), base + word, base + word + 1];
    for (let at = 0, size = postingSize(posting); at < size; at += 1) {
      const slot = slots[at] as number;
      if (word === 0 || hit[slot] === from) hit[slot] = to;
      if (exact !== undefined && (word === 0 || exact[slot] === from)) exact[slot] = to;
    }
  }

  /**
   * Writes the slots that match the whole filter, in no particular order, to the start of `#matched`, and returns
   * how many there are. `#matched` is kept between queries: a query that matches most of the library allocates
   * nothing for its matches (an array of 86,000 slots a query made a young-generation collection of ~3 ms every
   * few queries at 100,000 recipes). Sets `#fuzzyMatches`, how many of them match within a typo only.
   */
  #candidates(filter: RecipeFilter, plan: ColumnPlan, typoKeys: readonly string[][], base: number): number {
    const words = filter.searchKeys.length;
    this.#fuzzyMatches = 0;
    this.#textAlone = RecipeIndex.#namesNoColumn(plan) && !plan.statusTest;
    if (plan.none) return 0;
    // One word and no typo posting: its posting holds every match once, with no stamps needed (see `#exactOnly`).
    if (words === 1 && (typoKeys[0] ?? []).length === 0) return this.#narrow(this.#fromPosting(this.#allKeys.get(filter.searchKeys[0] as string)), plan, filter);
    if (words > 0) return this.#stampedMatches(filter.searchKeys, typoKeys, base, plan, filter);
    let smallest: Posting | undefined;
    let smallestSize = Number.POSITIVE_INFINITY;
    for (const key of filterFacetKeys(filter)) {
      const posting = this.#facets.get(key);
      const size = postingSize(posting);
      if (size < smallestSize) [smallest, smallestSize] = [posting, size];
    }
    if (smallestSize !== Number.POSITIVE_INFINITY) return this.#narrow(this.#fromPosting(smallest), plan, filter);
    return this.#narrow(this.#everySlot(plan), plan, filter);
  }

  // The paths of `#candidates` are methods of their own, small: each is compiled (on a compiler thread, whose CPU
  // counts in the queries') once for the queries that take it, rather than one large method recompiled whenever a
  // query takes a path it had not met.

  /** Writes a posting's slots to `#matched` (a large posting's by one copy), and returns how many. */
  #fromPosting(posting: Posting | undefined): number {
    const [matched, size] = [this.#matched, postingSize(posting)];
    if (posting instanceof LargePosting) matched.set(posting.slots.subarray(0, size));
    else {
      const slots = slotsOf(posting);
      for (let at = 0; at < size; at += 1) matched[at] = slots[at] as number;
    }
    return size;
  }

  /**
   * Writes every slot to `#matched`, or with a maximum cook time only those within it (read in slot order from its
   * column, the narrowest first pass when a range is all the filter names besides statuses), and returns how many.
   */
  #everySlot(plan: ColumnPlan): number {
    const [matched, size] = [this.#matched, this.#rows.length];
    if (!plan.byCookTime) {
      for (let slot = 0; slot < size; slot += 1) matched[slot] = slot;
      return size;
    }
    const [cookTimes, max] = [this.#cookTime, plan.maxCookTime];
    let count = 0;
    for (let slot = 0; slot < size; slot += 1) if ((cookTimes[slot] as number) <= max) matched[count++] = slot;
    return count;
  }

  /** `#candidates` of a text query: stamps its words, then takes the slots stamped with all of them. */
  #stampedMatches(keys: readonly string[], typoKeys: readonly string[][], base: number, plan: ColumnPlan, filter: RecipeFilter): number {
    const [matched, exact, done] = [this.#matched, this.#exact, base + keys.length];
    const stamped = keys.length === 1 ? this.#oneWordMatches(keys[0] as string, typoKeys[0] ?? [], done) : this.#wordsMatches(keys, typoKeys, base);
    const count = this.#narrow(stamped, plan, filter);
    let fuzzy = 0;
    // An addition on every match (of 0 when exact), so that the first fuzzy one runs compiled code.
    for (let at = 0; at < count; at += 1) fuzzy += exact[matched[at] as number] === done ? 0 : 1;
    this.#fuzzyMatches = fuzzy;
    return count;
  }

  /**
   * One word with typo postings: the union of its postings, in one pass over each (no stamps of words before it to
   * look at): the exact key's slots stamped `done` in `#exact`, and every slot taken once (`done + 1` in `#hit`).
   */
  #oneWordMatches(key: string, typoKeys: readonly string[], done: number): number {
    const [matched, hit, exact, taken] = [this.#matched, this.#hit, this.#exact, done + 1];
    let count = 0;
    const posting = this.#allKeys.get(key);
    const slots = slotsOf(posting);
    for (let at = 0, size = postingSize(posting); at < size; at += 1) {
      const slot = slots[at] as number;
      exact[slot] = done;
      hit[slot] = taken;
      matched[count++] = slot;
    }
    for (const typoKey of typoKeys) {
      const typoPosting = this.#allKeys.get(typoKey);
      const typoSlots = slotsOf(typoPosting);
      for (let at = 0, size = postingSize(typoPosting); at < size; at += 1) {
        const slot = typoSlots[at] as number;
        if (hit[slot] === taken) continue;
        hit[slot] = taken;
        matched[count++] = slot;
      }
    }
    return count;
  }

  /** Several words: stamps them in turn, then takes the slots of the last word's postings stamped with all of them. */
  #wordsMatches(keys: readonly string[], typoKeys: readonly string[][], base: number): number {
    this.#stamp(this.#allKeys, keys, typoKeys, base, this.#hit, this.#exact);
    const [matched, hit, done] = [this.#matched, this.#hit, base + keys.length];
    let count = 0;
    // The matches are all in the last word's postings; `done + 1` marks one as taken, so it is taken once.
    const last = keys.length - 1;
    for (const key of [keys[last] as string, ...(typoKeys[last] ?? [])]) {
      const posting = this.#allKeys.get(key);
      const slots = slotsOf(posting);
      for (let at = 0, size = postingSize(posting); at < size; at += 1) {
        const slot = slots[at] as number;
        if (hit[slot] !== done) continue;
        hit[slot] = done + 1;
        matched[count++] = slot;
      }
    }
    return count;
  }

  /** The listing's order of slots; `group` is the relevance group of a slot (used by the relevance sort only). */
  #order(sort: RecipeSort, group: (slot: number) => number): SlotOrder {
    const rows = this.#rows;
    const row = (slot: number): Row => rows[slot] as Row;
    const byId = (a: number, b: number): number => compareStrings(row(a).recipe.id, row(b).recipe.id);
    const [engagement, created, updated] = [this.#engagement, this.#created, this.#updated];
    const direction = sort.order === 'asc' ? 1 : -1;
    switch (sort.key) {
      case 'relevance':
        return (a, b) => group(a) - group(b) || (engagement[b] as number) - (engagement[a] as number) || -byId(a, b);
      case 'title':
        return (a, b) => direction * (compareStrings(row(a).titleKey, row(b).titleKey) || byId(a, b));
      case 'engagement_score':
        return (a, b) => direction * ((engagement[a] as number) - (engagement[b] as number) || byId(a, b));
      case 'created_at':
        return (a, b) => direction * ((created[a] as number) - (created[b] as number) || byId(a, b));
      case 'updated_at':
        return (a, b) => direction * ((updated[a] as number) - (updated[b] as number) || byId(a, b));
    }
  }

  /** The column a sort orders by first (relevance: within one group; title: its first three letters). */
  #lead(sort: RecipeSort): LeadKey {
    const sign = sort.order === 'asc' ? 1 : -1;
    switch (sort.key) {
      case 'relevance':
        return { values: this.#engagement, sign: -1 };
      case 'title':
        return { values: this.#titleLead, sign };
      case 'engagement_score':
        return { values: this.#engagement, sign };
      case 'created_at':
        return { values: this.#created, sign };
      case 'updated_at':
        return { values: this.#updated, sign };
    }
  }

  /**
   * The first `count` of the `total` matches by relevance, group by group: the matches of the next group are moved
   * to the front of the rest of `#matched`, and the group's best by engagement join the page, until it is full. A
   * query that matches most of the library fills its page from its first group, with a heap that compares
   * engagement alone, rather than the group and engagement of every match.
   */
  #firstByRelevance(total: number, count: number, group: (slot: number) => number, order: SlotOrder, lead: LeadKey): number[] {
    const matched = this.#matched;
    const first: number[] = [];
    for (let wanted = 0, start = 0; wanted < 4 && start < total && first.length < count; wanted += 1) {
      let end = start;
      for (let at = start; at < total; at += 1) {
        const slot = matched[at] as number;
        if (group(slot) !== wanted) continue;
        matched[at] = matched[end] as number;
        matched[end++] = slot;
      }
      if (end === start) continue;
      const best = firstInOrder(matched.subarray(start, end), end - start, count - first.length, order, true, lead);
      for (const slot of best) first.push(slot);
      start = end;
    }
    return first;
  }

  /**
   * Whether every match is an exact one: no query word has a typo posting key (those it has lead only to words that
   * start with it, whose recipes hold its key). Then `#candidates` may skip the stamps of the one-word case.
   */
  static #exactOnly(typoKeys: readonly string[][]): boolean {
    return typoKeys.every((keys) => keys.length === 0);
  }

  /** `relevanceGroup` of a matching slot, from the stamps (call after `#candidates` with the same base). */
  #relevanceGroups(filter: RecipeFilter, typoKeys: readonly string[][], base: number): (slot: number) => number {
    const words = filter.searchKeys.length;
    if (words === 0) return () => 0;
    const done = base + words;
    this.#stamp(this.#titleKeys, filter.searchKeys, typoKeys, base, this.#titleHit, this.#titleExact);
    const [exact, titleHit, titleExact] = [this.#exact, this.#titleHit, this.#titleExact];
    // Every match exact (`exact` may then be unstamped): group 0 or 1. One function either way, so that the first
    // query with a typo does not meet a function its callers were not compiled for. (Reading all three stamps every
    // time, so that none is read for the first time then, made `q=s` 2 ms slower.)
    const exactOnly = RecipeIndex.#exactOnly(typoKeys);
    return (slot) => (titleExact[slot] === done ? 0 : exact[slot] === done || exactOnly ? 1 : titleHit[slot] === done ? 2 : 3);
  }

  /** A page of the listing: the items from `offset`, at most `limit`, with the total and the fuzzy matches. */
  list(anyFilter: RecipeFilter, sort: RecipeSort, offset: number, limit: number): IndexedPage {
    const filter = sameShape(anyFilter);
    const words = filter.searchKeys.length;
    // The words' stamps are base..base + words; a walk by relevance marks its groups base..base + 3 in `#isMatch`.
    const base = this.#stampBase(words + 4);
    const [kept, descending, count, rows] = [this.#kept(sort.key), sort.order === 'desc', offset + limit, this.#rows];
    // Statuses alone (and perhaps readiness, or a maximum cook time): the total is counted already, and the page is a
    // walk of the order.
    const facetKeys = filterFacetKeys(filter);
    const counted = words === 0 && sort.key !== 'relevance' && facetKeys.length === 0 ? this.#countedTotal(filter) : undefined;
    if (counted !== undefined) return this.#walked(filter, counted, kept, descending, offset, limit);
    const plan = this.#plan(filter);
    if (words === 0) {
      const byBits = this.#facetsByBits(facetKeys, plan, sort, offset, count);
      if (byBits !== undefined) return byBits;
    }
    const typoKeys = filter.searchKeys.map((_, word) => this.#typoPostingKeys(filter, word));
    if (words > 0) {
      const byBits = this.#textByBits(filter, facetKeys, plan, sort, typoKeys, offset, count);
      if (byBits !== undefined) return byBits;
    }
    const total = this.#candidates(filter, plan, typoKeys, base);
    const fuzzyMatches = this.#fuzzyMatches;
    let page: number[];
    if (offset >= total) page = [];
    else if (sort.key === 'relevance') {
      const fromOneGroup = this.#firstFromOneGroup(filter, typoKeys, total, count);
      if (fromOneGroup !== undefined) page = fromOneGroup.slice(offset);
      else {
        const group = this.#relevanceGroups(filter, typoKeys, base);
        page = this.#walks(total, count)
          ? this.#firstByRelevanceInWalk(words, RecipeIndex.#exactOnly(typoKeys), total, count, base).slice(offset)
          : this.#firstByRelevance(total, count, group, this.#order(sort, group), this.#lead(sort)).slice(offset);
      }
    } else if (this.#walks(total, count)) page = this.#pageInWalk(kept, total, offset, count, base, descending);
    else page = firstInOrder(this.#matched, total, count, this.#order(sort, () => 0), descending, this.#lead(sort)).slice(offset);
    return { items: page.map((slot) => (rows[slot] as Row).recipe), total, fuzzyMatches };
  }

  /**
   * A listing by statuses alone (and perhaps readiness for e-mail, or a maximum cook time), whose total is a sum of
   * kept counts (`#countedTotal`): walks the sort's kept order to the page, testing each slot it passes on those
   * columns (nothing marked, nothing written), or, when every recipe matches, takes the page from the order as it
   * stands. The first page reads about 20 slots of
   * the order; page 2,000 about 40,000, once each, or none.
   */
  #walked(filter: RecipeFilter, total: number, kept: SortedSlots<string> | SortedSlots<number>, descending: boolean, offset: number, limit: number): IndexedPage {
    const rows = this.#rows;
    const [order, size] = [kept.slots, kept.size];
    const items: Recipe[] = [];
    if (total === size) {
      for (let index = offset; index < size && items.length < limit; index += 1) items.push((rows[order[descending ? size - 1 - index : index] as number] as Row).recipe);
      return { items, total, fuzzyMatches: 0 };
    }
    const [statusBits, emailReady, cookTimes] = [this.#statusBits, this.#emailReady, this.#cookTime];
    const { statusMask, email, byCookTime, maxCookTime } = this.#plan(filter);
    for (let index = 0, passed = 0; index < size && items.length < limit && offset < total; index += 1) {
      const slot = order[descending ? size - 1 - index : index] as number;
      if (((statusBits[slot] as number) & statusMask) === 0 || (email !== -1 && emailReady[slot] !== email)) continue;
      if (byCookTime && !((cookTimes[slot] as number) <= maxCookTime)) continue;
      if (passed < offset) passed += 1;
      else items.push((rows[slot] as Row).recipe);
    }
    return { items, total, fuzzyMatches: 0 };
  }

  /**
   * The total of a listing without text or facets that names nothing but statuses, perhaps readiness for e-mail,
   * or a maximum cook time, from the counts kept on writes; undefined when they do not answer it (a maximum cook
   * time with readiness, or cook times too many to add up quickly).
   */
  #countedTotal(filter: RecipeFilter): number | undefined {
    const statuses = new Set(filter.statuses);
    let total = 0;
    if (filter.maxCookTimeMinutes !== undefined) {
      if (filter.emailReady !== undefined || this.#byCookTime.size > MAX_COOK_TIMES_ADDED) return undefined;
      const max = filter.maxCookTimeMinutes;
      for (const [minutes, counts] of this.#byCookTime) if (minutes <= max) for (const status of statuses) total += counts[status];
      return total;
    }
    const { active, draft, archived } = this.#byStatus;
    const ready = this.#readyByStatus;
    const counts = filter.emailReady === undefined ? this.#byStatus : filter.emailReady ? ready : { active: active - ready.active, draft: draft - ready.draft, archived: archived - ready.archived };
    for (const status of statuses) total += counts[status];
    return total;
  }

  /**
   * Whether the first `count` of `total` matches are cheaper found by a walk of a kept order (about
   * `count × size ÷ total` slots read, when the matches are spread over it; at most every slot) than by the heap
   * (every match offered, and about `log2(count)` comparisons for each that enters, many for a deep page).
   */
  #walks(total: number, count: number): boolean {
    const size = this.#rows.length;
    return count * size <= 8 * total * total || size <= 2 * total * Math.log2(Math.min(count, total) + 1);
  }

  /** The page `[offset, count)` of the `total` matches in `#matched`, in a kept order: marks them, then walks the order. */
  #pageInWalk(walked: SortedSlots<string> | SortedSlots<number>, total: number, offset: number, count: number, stamp: number, descending: boolean): number[] {
    const [matched, isMatch] = [this.#matched, this.#isMatch];
    for (let at = 0; at < total; at += 1) isMatch[matched[at] as number] = stamp;
    const [order, size, wanted] = [walked.slots, walked.size, Math.min(count, total)];
    const page: number[] = [];
    for (let index = 0, passed = 0; index < size && passed < wanted; index += 1) {
      const slot = order[descending ? size - 1 - index : index] as number;
      if (isMatch[slot] !== stamp) continue;
      if (passed >= offset) page.push(slot);
      passed += 1;
    }
    return page;
  }

  /**
   * The first `count` of the `total` matches by relevance, from one walk of the engagement order from the top (the
   * order within a group: engagement, then id, both descending): each match is marked with `base` + its group, and
   * the walk stops once each group has given what the page takes from it (all of the first groups, then the rest).
   */
  #firstByRelevanceInWalk(words: number, exactOnly: boolean, total: number, count: number, base: number): number[] {
    const [matched, isMatch, exact, titleHit, titleExact] = [this.#matched, this.#isMatch, this.#exact, this.#titleHit, this.#titleExact];
    // `#relevanceGroups`' groups, from the stamps it left, computed here in the loop rather than by a call a match.
    const done = words === 0 ? Number.NaN : base + words;
    const sizes = [0, 0, 0, 0];
    for (let at = 0; at < total; at += 1) {
      const slot = matched[at] as number;
      const found = words === 0 || titleExact[slot] === done ? 0 : exact[slot] === done || exactOnly ? 1 : titleHit[slot] === done ? 2 : 3;
      isMatch[slot] = base + found;
      sizes[found] = (sizes[found] as number) + 1;
    }
    const taken: number[][] = [[], [], [], []];
    const wanted = [0, 0, 0, 0];
    let [left, missing] = [count, 0];
    for (let at = 0; at < 4; at += 1) {
      wanted[at] = Math.min(sizes[at] as number, left);
      left -= wanted[at] as number;
      missing += wanted[at] as number;
    }
    const [order, size] = [this.#engagementOrder.slots, this.#engagementOrder.size];
    for (let index = size - 1; index >= 0 && missing > 0; index -= 1) {
      const slot = order[index] as number;
      const found = (isMatch[slot] as number) - base;
      // Below 0: not a match of this query (an earlier query's mark).
      if (found < 0 || found > 3) continue;
      const into = taken[found] as number[];
      if (into.length === wanted[found]) continue;
      into.push(slot);
      missing -= 1;
    }
    return taken.flat();
  }

  /**
   * The first `count` of the `total` matches by relevance when a one-word query's first non-empty relevance group
   * fills them, found from its postings alone: every match stamped and grouped (86,000 of them for `q=s`) to fill a
   * page of 20 from the first group was most of such a query's cost. Applies when nothing but the text leaves a
   * recipe out: then each group is the slots of some of the word's postings (a title's keys are among its recipe's
   * keys), and the first non-empty one is
   * - group 0 (the word in the title): the title posting of the word;
   * - with none, group 1 (the word elsewhere): its posting;
   * - with neither, group 2 (within a typo, in the title): the title postings of its typo keys;
   * - with none of those, group 3 (within a typo, elsewhere): every posting of its typo keys, that is every match.
   * Walks the engagement order from the top, testing each slot by binary searches in those postings; undefined when
   * it does not apply (another condition, several words, a first group smaller than `count`: group 2 is taken only
   * when one of its postings alone holds `count`), or when the walk would read more slots than there are matches (a
   * group of a few recipes in a large library).
   */
  #firstFromOneGroup(filter: RecipeFilter, typoKeys: readonly string[][], total: number, count: number): number[] | undefined {
    if (filter.searchKeys.length !== 1 || !this.#textAlone) return undefined;
    const key = filter.searchKeys[0] as string;
    const postingsOf = (index: Map<string, Posting>): Posting[] => (typoKeys[0] ?? []).map((typoKey) => index.get(typoKey)).filter((posting) => posting !== undefined);
    const [titled, anywhere] = [this.#titleKeys.get(key), this.#allKeys.get(key)];
    let postings: Posting[];
    // How many slots the group holds, at least: a walk meets the page's `count` after about `count × size ÷ group`.
    let group: number;
    if (titled !== undefined) [postings, group] = [[titled], postingSize(titled)];
    else if (anywhere !== undefined) [postings, group] = [[anywhere], postingSize(anywhere)];
    else {
      postings = postingsOf(this.#titleKeys);
      // Group 2's postings may overlap: the largest alone is what it surely holds. Without any, group 3 is every match.
      if (postings.length > 0) group = Math.max(...postings.map(postingSize));
      else [postings, group] = [postingsOf(this.#allKeys), total];
    }
    // Taken when the group fills the page and the walk reads fewer slots than the matches the stamps would group.
    if (group < count || count * this.#rows.length > group * total) return undefined;
    const [order, size] = [this.#engagementOrder.slots, this.#engagementOrder.size];
    const first: number[] = [];
    for (let index = size - 1; index >= 0 && first.length < count; index -= 1) {
      const slot = order[index] as number;
      if (postings.some((posting) => postingHas(posting, slot))) first.push(slot);
    }
    return first;
  }

  /** Makes the bit sets cover every slot, and returns how many words of them do. */
  #bitsFor(): number {
    const words = bitWords(this.#rows.length);
    if (this.#anyBits.length < words) {
      const capacity = Math.max(64, words * 2);
      this.#anyBits = new Int32Array(capacity);
      this.#exactBits = new Int32Array(capacity);
      this.#titleAnyBits = new Int32Array(capacity);
      this.#titleExactBits = new Int32Array(capacity);
      this.#wordAnyBits = new Int32Array(capacity);
      this.#wordExactBits = new Int32Array(capacity);
    }
    return words;
  }

  /**
   * The slots of `index` that have every query word, in `any` (its key or one of its typo keys) and in `exact` (its
   * key itself), over the first `words` words of bits.
   */
  #wordsInBits(index: Map<string, Posting>, keys: readonly string[], typoKeys: readonly string[][], any: Int32Array, exact: Int32Array, words: number): void {
    for (let word = 0; word < keys.length; word += 1) {
      const [posting, typos] = [index.get(keys[word] as string), typoKeys[word] ?? []];
      if (word > 0 && typos.length === 0 && posting instanceof LargePosting && posting.size > words) {
        // A large posting and no typo: both sets take its own bits, with nothing set in between.
        intersectPosting(exact, posting, words);
        intersectPosting(any, posting, words);
        continue;
      }
      const [wordAny, wordExact] = word === 0 ? [any, exact] : [this.#wordAnyBits, this.#wordExactBits];
      setPosting(wordExact, posting, words);
      wordAny.set(wordExact.subarray(0, words));
      for (const typoKey of typos) addPosting(wordAny, index.get(typoKey), words);
      if (word > 0) {
        intersect(any, wordAny, words);
        intersect(exact, wordExact, words);
      }
    }
  }

  /**
   * A page of a text query, perhaps with facets, whose other conditions leave every recipe in (statuses that every
   * recipe has, no range, no readiness), from its words' postings as sets of bits rather than stamps: the matches
   * are the intersection over the words of each word's postings' union (and of the facets' postings), counted by a
   * pass over the words of bits (3,125 at 100,000 recipes) rather than over every match; the page is a walk of the sort's kept order that tests each slot's bit (by
   * relevance, its group's bits), or, for a group or a set too small for a walk to meet soon, those slots taken out
   * of the bits and put in order by the heap. `q=smoky curry` stamped 25,000 slots twice and grouped its 8,000
   * matches; here it sets the same 25,000 bits (in 12.5 KB rather than across 400 KB of stamps) and reads about 3,000
   * words. Undefined when a status some recipe lacks, a range or readiness leaves recipes out (the stamps then
   * serve, with `#narrow`), or when the words' postings hold fewer slots than there are words of bits.
   */
  #textByBits(filter: RecipeFilter, facetKeys: readonly string[], plan: ColumnPlan, sort: RecipeSort, typoKeys: readonly string[][], offset: number, count: number): IndexedPage | undefined {
    if (plan.statusTest || plan.byCookTime || plan.email !== -1) return undefined;
    const words = this.#bitsFor();
    // Postings of fewer slots in all than there are words of bits (a rare word, a typo of one): stamped, they cost less.
    let slots = 0;
    for (const [word, key] of filter.searchKeys.entries()) {
      slots += postingSize(this.#allKeys.get(key));
      for (const typoKey of typoKeys[word] ?? []) slots += postingSize(this.#allKeys.get(typoKey));
    }
    if (slots < words) return undefined;
    const [any, exact, rows] = [this.#anyBits, this.#exactBits, this.#rows];
    this.#wordsInBits(this.#allKeys, filter.searchKeys, typoKeys, any, exact, words);
    // The facets the filter names (a cuisine, tags…) narrow both sets; `#firstFromOneGroup` then does not apply.
    this.#textAlone = facetKeys.length === 0;
    for (const key of facetKeys) this.#keepFacet(this.#facets.get(key), words, any, exact);
    const total = countBits(any, words);
    const fuzzyMatches = total - countBits(exact, words);
    const answer = (page: number[]): IndexedPage => ({ items: page.map((slot) => (rows[slot] as Row).recipe), total, fuzzyMatches });
    if (offset >= total) return answer([]);
    if (sort.key !== 'relevance') return answer(this.#firstInBits(any, words, total, count, sort).slice(offset));
    if (filter.searchKeys.length === 1) {
      const fromOneGroup = this.#firstFromOneGroup(filter, typoKeys, total, count);
      if (fromOneGroup !== undefined) return answer(fromOneGroup.slice(offset));
    }
    return answer(this.#firstByRelevanceInBits(filter, typoKeys, words, total, count, sort).slice(offset));
  }

  /** `any`, and `exact` when given, keep only a facet posting's slots (`#wordAnyBits` holds a small one's meanwhile). */
  #keepFacet(posting: Posting | undefined, words: number, any: Int32Array, exact?: Int32Array): void {
    if (posting instanceof LargePosting && posting.size > words) {
      intersectPosting(any, posting, words);
      if (exact !== undefined) intersectPosting(exact, posting, words);
      return;
    }
    const facet = this.#wordAnyBits;
    setPosting(facet, posting, words);
    intersect(any, facet, words);
    if (exact !== undefined) intersect(exact, facet, words);
  }

  /**
   * A page of a listing by facets alone (cuisine, meal type, season, collection, dietary tags; statuses that every
   * recipe has), from the facets' postings as sets of bits: their intersection, counted a word at a time, and its
   * page by `#firstInBits`. `season=Winter&meal_type=Dinner` copied the 25,000 slots of one posting, tested each
   * on the other's column and marked the 4,000 left for a walk; here it reads two postings' own bits (3,125 words
   * each at 100,000 recipes). A maximum cook time is one more set (`#withinCookTime`). Undefined when the filter
   * names no facet, or another condition (a status some recipe lacks, readiness for e-mail) leaves recipes out:
   * `#narrow` then tests those on the columns; and when a facet holds fewer recipes than there are words of bits
   * (its few slots are the cheaper start).
   */
  #facetsByBits(keys: readonly string[], plan: ColumnPlan, sort: RecipeSort, offset: number, count: number): IndexedPage | undefined {
    if (keys.length === 0) return undefined;
    if (plan.statusTest || plan.email !== -1) return undefined;
    const [words, any, rows] = [this.#bitsFor(), this.#anyBits, this.#rows];
    // A facet of fewer recipes than there are words of bits (a small collection): its slots, narrowed, cost less.
    let smallest = Number.POSITIVE_INFINITY;
    for (const key of keys) smallest = Math.min(smallest, postingSize(this.#facets.get(key)));
    if (smallest < words) return undefined;
    // A maximum cook time not kept costs a pass over every recipe to make its set: for a facet of under a quarter of
    // them, testing the facet's slots costs less the first time a maximum is asked for (a client stepping through
    // many maxima); its set is made when it is asked for again.
    if (plan.byCookTime && !this.#cookTimeBits.has(plan.maxCookTime) && smallest * 4 < rows.length && this.#firstAsk(plan.maxCookTime)) return undefined;
    setPosting(any, this.#facets.get(keys[0] as string), words);
    for (const key of keys.slice(1)) this.#keepFacet(this.#facets.get(key), words, any);
    if (plan.byCookTime) intersect(any, this.#withinCookTime(plan.maxCookTime), words);
    const total = countBits(any, words);
    const page = offset >= total ? [] : this.#firstInBits(any, words, total, count, sort).slice(offset);
    return { items: page.map((slot) => (rows[slot] as Row).recipe), total, fuzzyMatches: 0 };
  }

  /** Whether this maximum cook time (without a set) is asked for the first time lately: remembered for the next ask. */
  #firstAsk(max: number): boolean {
    if (this.#cookTimesAsked.has(max)) return false;
    if (this.#cookTimesAsked.size >= 64) this.#cookTimesAsked.clear();
    this.#cookTimesAsked.add(max);
    return true;
  }

  /** The slots within a maximum cook time, as bits (`#cookTimeBits`), made when not kept; the last asked for is kept longest. */
  #withinCookTime(max: number): Int32Array {
    const kept = this.#cookTimeBits.get(max);
    this.#cookTimeBits.delete(max);
    if (kept !== undefined) {
      this.#cookTimeBits.set(max, kept);
      return kept;
    }
    const [bits, cookTimes, size] = [new Int32Array(bitWords(this.#cookTime.length)), this.#cookTime, this.#rows.length];
    for (let slot = 0; slot < size; slot += 1) if ((cookTimes[slot] as number) <= max) bits[slot >>> 5] = (bits[slot >>> 5] as number) | (1 << (slot & 31));
    if (this.#cookTimeBits.size >= COOK_TIME_SETS) this.#cookTimeBits.delete(this.#cookTimeBits.keys().next().value as number);
    this.#cookTimeBits.set(max, bits);
    return bits;
  }

  /**
   * The first `count` of the `total` slots in `bits`, in `sort`'s order: a walk of its kept order when the slots are
   * many enough for the walk to meet `count` of them soon (`#walks`), else the slots taken out and put in order by
   * the heap.
   */
  #firstInBits(bits: Int32Array, words: number, total: number, count: number, sort: RecipeSort): number[] {
    const descending = sort.order === 'desc' || sort.key === 'relevance';
    if (!this.#walks(total, count)) {
      const found = slotsInBits(bits, words, this.#matched);
      return firstInOrder(this.#matched, found, count, this.#order(sort, () => 0), descending, this.#lead(sort));
    }
    const kept = this.#kept(sort.key);
    const [order, size, wanted] = [kept.slots, kept.size, Math.min(count, total)];
    const first: number[] = [];
    for (let index = 0; index < size && first.length < wanted; index += 1) {
      const slot = order[descending ? size - 1 - index : index] as number;
      if (hasBit(bits, slot)) first.push(slot);
    }
    return first;
  }

  /**
   * The first `count` of the `total` matches by relevance (`#relevanceGroups`' groups, then engagement and id, both
   * descending), from the bits `#textByBits` left: each group is a set of bits (in the title exactly; exactly;
   * within a typo in the title; within a typo), and the page takes from each in turn what the ones before it left
   * room for, by `#firstInBits` (by engagement) on that group alone.
   */
  #firstByRelevanceInBits(filter: RecipeFilter, typoKeys: readonly string[][], words: number, total: number, count: number, sort: RecipeSort): number[] {
    const [any, exact, titleAny, titleExact, group] = [this.#anyBits, this.#exactBits, this.#titleAnyBits, this.#titleExactBits, this.#wordAnyBits];
    this.#wordsInBits(this.#titleKeys, filter.searchKeys, typoKeys, titleAny, titleExact, words);
    // Matches only (a title's keys are among its recipe's, so this takes nothing out; it makes the groups below
    // sets apart: group 0 within the exact matches, every group within the matches).
    intersect(titleExact, exact, words);
    intersect(titleAny, any, words);
    const first: number[] = [];
    const take = (bits: Int32Array): void => {
      const size = countBits(bits, words);
      if (size > 0) for (const slot of this.#firstInBits(bits, words, size, count - first.length, sort)) first.push(slot);
    };
    // 0: every word exactly in the title; 1: every word exactly (every match, when no word has a typo posting).
    take(titleExact);
    if (first.length < count) {
      difference(group, RecipeIndex.#exactOnly(typoKeys) ? any : exact, titleExact, words);
      take(group);
    }
    if (first.length >= count || RecipeIndex.#exactOnly(typoKeys)) return first;
    // 2: within a typo, in the title; 3: within a typo, the rest.
    difference(group, titleAny, exact, words);
    take(group);
    if (first.length < count) {
      difference(group, any, exact, words);
      difference(group, group, titleAny, words);
      take(group);
    }
    return first;
  }

  /** Up to `limit` matching recipes with an id greater than `afterId`, by id ascending. */
  listAfter(anyFilter: RecipeFilter, afterId: string | null, limit: number): Recipe[] {
    const filter = sameShape(anyFilter);
    const base = this.#stampBase(filter.searchKeys.length + 1);
    const rows = this.#rows;
    const id = (slot: number): string => (rows[slot] as Row).recipe.id;
    const typoKeys = filter.searchKeys.map((_, word) => this.#typoPostingKeys(filter, word));
    const total = this.#candidates(filter, this.#plan(filter), typoKeys, base);
    const matched = this.#matched;
    let kept = 0;
    for (let at = 0; at < total; at += 1) {
      const slot = matched[at] as number;
      if (afterId === null || id(slot) > afterId) matched[kept++] = slot;
    }
    return firstInOrder(matched, kept, limit, (a, b) => compareStrings(id(a), id(b))).map((slot) => (rows[slot] as Row).recipe);
  }

  /** Index sizes, for the bench: keys, posting entries and approximate bytes of the posting lists. */
  stats(): { keys: number; entries: number; postingBytes: number } {
    let [keys, entries, bytes] = [0, 0, 0];
    for (const index of [this.#allKeys, this.#titleKeys, this.#facets]) {
      keys += index.size;
      for (const posting of index.values()) {
        entries += postingSize(posting);
        bytes += postingBytes(posting);
      }
    }
    return { keys, entries, postingBytes: bytes };
  }
}

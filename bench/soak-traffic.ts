/**
 * The traffic side of bench/soak.ts, run in a child process of its own so that the service's memory figures are the
 * service's alone. Mixed requests, as an active creator's tools would send them (logins, searches, reads, scaled
 * views, creates, changes, publishes, lead magnets, archives) plus some invalid ones, from `connections` concurrent
 * loops, until the deadline. Sends its tally to the parent and exits.
 */

export interface TrafficOptions {
  readonly url: string;
  readonly email: string;
  readonly password: string;
  readonly seconds: number;
  readonly connections: number;
}

export interface TrafficReport {
  /** `"<operation> <status>"` (status 0: no response) → count. */
  readonly outcomes: Record<string, number>;
  readonly latenciesMs: { readonly p50: number; readonly p99: number; readonly max: number };
  readonly requests: number;
  readonly seconds: number;
}

type Operation = (client: Client) => Promise<[string, number]>;

const WORDS = ['chicken', 'lemon', 'garlic', 'tomato', 'basil', 'rice', 'bean', 'squash', 'apple', 'ginger', 'tofu', 'soup', 'jalapeno', 'cre'];
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

class Client {
  token = '';
  constructor(
    readonly options: TrafficOptions,
    readonly recipes: string[],
    readonly products: string[],
  ) {}

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: unknown }> {
    const response = await fetch(`${this.options.url}${path}`, {
      method,
      headers: {
        ...(this.token === '' ? {} : { authorization: `Bearer ${this.token}` }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const text = await response.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // a non-JSON answer is counted by its status like any other
    }
    return { status: response.status, json };
  }

  async login(password = this.options.password): Promise<number> {
    const saved = this.token;
    this.token = '';
    const { status, json } = await this.call('POST', '/api/auth/login', { email: this.options.email, password });
    this.token = status === 200 ? (json as { token: string }).token : saved;
    return status;
  }
}

const idOf = (json: unknown): string | undefined => (json as { id?: string } | null)?.id;

/** Operation and its weight in the mix. */
const MIX: readonly [Operation, number][] = [
  [async (c) => ['login', await c.login()], 2],
  [async (c) => ['login (wrong password)', await c.login('not the password')], 1],
  [async (c) => ['search', (await c.call('GET', `/api/recipes?q=${pick(WORDS)}+${pick(WORDS).slice(0, 3)}&per_page=20`)).status], 25],
  [async (c) => ['list', (await c.call('GET', `/api/recipes?cuisine=italian&sort=title&page=${1 + Math.floor(Math.random() * 3)}`)).status], 5],
  [async (c) => ['get', (await c.call('GET', `/api/recipes/${pick(c.recipes)}`)).status], 20],
  [async (c) => ['scaled view', (await c.call('GET', `/api/recipes/${pick(c.recipes)}?servings=${1 + Math.floor(Math.random() * 12)}`)).status], 10],
  [
    async (c) => {
      const body = { title: `${pick(WORDS)} ${pick(WORDS)} soak`, servings: 4, email_ready: Math.random() < 0.5, ingredients: ['1 1/2 cups rice', '2-3 cloves garlic', '½ tsp salt'], cuisine: 'italian' };
      const { status, json } = await c.call('POST', '/api/recipes', body);
      const id = idOf(json);
      if (id !== undefined) c.recipes.push(id);
      return ['create recipe', status];
    },
    6,
  ],
  [async (c) => ['patch recipe', (await c.call('PATCH', `/api/recipes/${pick(c.recipes)}`, { notes: `soaked ${Date.now()}` })).status], 6],
  [async (c) => ['patch recipe (stale If-Match)', (await c.call('PATCH', `/api/recipes/${pick(c.recipes)}`, { notes: 'stale' }, { 'if-match': '"1000000"' })).status], 1],
  [async (c) => ['archive recipe', (await c.call('DELETE', `/api/recipes/${pick(c.recipes)}`)).status], 1],
  [
    async (c) => {
      const ids = [...new Set([pick(c.recipes), pick(c.recipes), pick(c.recipes)])];
      const { status, json } = await c.call('POST', '/api/products', { type: 'ebook', title: `Soak ebook ${Date.now()}`, recipe_ids: ids });
      const id = idOf(json);
      if (id !== undefined) c.products.push(id);
      return ['create ebook', status];
    },
    3,
  ],
  [async (c) => ['publish', (await c.call('POST', `/api/products/${pick(c.products)}/publish`, { platforms: ['etsy'], price_cents: 1299, currency: 'usd' })).status], 3],
  [async (c) => ['lead magnet', (await c.call('POST', `/api/products/${pick(c.products)}/lead-magnet`, { max_recipes: 3 })).status], 3],
  [async (c) => ['list products', (await c.call('GET', '/api/products?status=published')).status], 3],
  [async (c) => ['invalid body', (await c.call('POST', '/api/recipes', { title: 42, colour: 'red' })).status], 2],
  [async (c) => ['not JSON', (await c.call('POST', '/api/recipes', '{"title": ')).status], 1],
  [async (c) => ['unknown id', (await c.call('GET', '/api/recipes/no-such-recipe')).status], 2],
  [async (c) => ['bad query', (await c.call('GET', '/api/recipes?per_page=1000&status[$ne]=x')).status], 1],
];
const TOTAL_WEIGHT = MIX.reduce((sum, [, weight]) => sum + weight, 0);

function chooseOperation(): Operation {
  let roll = Math.random() * TOTAL_WEIGHT;
  for (const [operation, weight] of MIX) {
    roll -= weight;
    if (roll < 0) return operation;
  }
  return MIX[0]?.[0] as Operation;
}

const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

export async function runTraffic(options: TrafficOptions): Promise<TrafficReport> {
  const seed = new Client(options, [], []);
  if ((await seed.login()) !== 200) throw new Error('soak: the soak user cannot log in');
  const recipes = ((await seed.call('GET', '/api/recipes?per_page=100')).json as { data: { id: string }[] }).data.map((recipe) => recipe.id);
  const products = ((await seed.call('GET', '/api/products?per_page=100')).json as { data: { id: string }[] }).data.map((product) => product.id);
  const outcomes: Record<string, number> = {};
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  const loop = async () => {
    // Each loop is one client with its own token; ids it learns are shared, as tabs of one creator's tools would.
    const client = new Client(options, recipes, products);
    client.token = seed.token;
    while (performance.now() < deadline) {
      const began = performance.now();
      let label: string;
      try {
        const [operation, status] = await chooseOperation()(client);
        label = `${operation} ${status}`;
      } catch (error) {
        label = `network error ${error instanceof Error ? error.message : String(error)}`;
      }
      latencies.push(performance.now() - began);
      outcomes[label] = (outcomes[label] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: options.connections }, loop));
  latencies.sort((a, b) => a - b);
  return {
    outcomes,
    latenciesMs: { p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), max: latencies.at(-1) ?? 0 },
    requests: latencies.length,
    seconds: (performance.now() - started) / 1000,
  };
}

// As a child process: options in argv[2] (JSON), the report back over IPC.
if (process.send !== undefined && process.argv[2] !== undefined) {
  const send = process.send.bind(process);
  runTraffic(JSON.parse(process.argv[2]) as TrafficOptions).then(
    (report) => send({ report }, () => process.exit(0)),
    (error: unknown) => send({ error: error instanceof Error ? error.message : String(error) }, () => process.exit(1)),
  );
}

/**
 * Response bodies serialised once and sent many times: a bounded map from a key that names everything a body depends
 * on (for a recipe: its id, version and last change, and the query options that change the body) to the bytes the
 * route's own response serializer produced for it. Least recently used entries go first when a bound is passed, by
 * count or by total bytes; a body larger than the byte bound is never kept.
 *
 * What a key names must fix the body: a resource whose version moved on has a new key, so its old body can only age
 * out, never be sent. Nothing per user goes into a body kept here (one deployment is one library, see SECURITY.md),
 * and the route's authentication runs before it is consulted.
 */
export interface SerializedBodyLimits {
  readonly maxEntries: number;
  readonly maxBytes: number;
}

/** About 2 KB a recipe: a thousand recipes, well under the byte bound, which stops a few very large ones. */
export const RECIPE_BODY_LIMITS: SerializedBodyLimits = { maxEntries: 1000, maxBytes: 8 * 1024 * 1024 };

/** What a serializer may give (Fastify's `reply.serialize` types it so; the schema serializers give strings). */
export type Serialized = string | ArrayBuffer | Buffer;

/**
 * The body's bytes in memory of their own: `Buffer.from` would cut a small body out of Node's shared 8 KiB pool, and
 * a kept body would keep its whole slab alive (up to four times the bytes counted against the bound).
 */
function bytesOf(serialized: Serialized): Buffer {
  if (typeof serialized === 'string') {
    const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(serialized));
    bytes.write(serialized);
    return bytes;
  }
  const given = Buffer.isBuffer(serialized) ? serialized : Buffer.from(serialized);
  const bytes = Buffer.allocUnsafeSlow(given.length);
  given.copy(bytes);
  return bytes;
}

export class SerializedBodies {
  readonly #limits: SerializedBodyLimits;
  /** In use order: the first entry is the least recently used (a hit moves its entry to the end). */
  readonly #bodies = new Map<string, Buffer>();
  #bytes = 0;

  constructor(limits: SerializedBodyLimits) {
    this.#limits = limits;
  }

  /** The body kept under `key`, else `serialize()`'s, kept for next time when it fits. */
  body(key: string, serialize: () => Serialized): Buffer {
    const kept = this.#bodies.get(key);
    if (kept !== undefined) {
      this.#bodies.delete(key);
      this.#bodies.set(key, kept);
      return kept;
    }
    const body = bytesOf(serialize());
    if (body.length <= this.#limits.maxBytes) {
      this.#bodies.set(key, body);
      this.#bytes += body.length;
      this.#evict();
    }
    return body;
  }

  get size(): number {
    return this.#bodies.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  has(key: string): boolean {
    return this.#bodies.has(key);
  }

  #evict(): void {
    for (const [key, body] of this.#bodies) {
      if (this.#bodies.size <= this.#limits.maxEntries && this.#bytes <= this.#limits.maxBytes) return;
      this.#bodies.delete(key);
      this.#bytes -= body.length;
    }
  }
}

/**
 * A map that forgets its least recently used entries past a count and a size in bytes. Each entry
 * carries the validator it was made under: a read with another validator is a miss, so nothing is
 * ever served that its caller's own fresh reading of the data does not vouch for.
 */
export class BoundedCache<Value> {
  readonly #entries = new Map<string, { validator: string; value: Value; bytes: number }>();
  #bytes = 0;

  constructor(
    private readonly limits: { maxEntries: number; maxBytes: number },
    private readonly sizeOf: (value: Value) => number,
  ) {}

  get(key: string, validator: string): Value | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.validator !== validator) {
      this.#remove(key);
      return undefined;
    }
    // Map keeps insertion order: moved to the end, it is the most recently used.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  set(key: string, validator: string, value: Value): void {
    const bytes = this.sizeOf(value) + key.length + validator.length;
    if (bytes > this.limits.maxBytes) return;
    this.#remove(key);
    this.#entries.set(key, { validator, value, bytes });
    this.#bytes += bytes;
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= this.limits.maxEntries && this.#bytes <= this.limits.maxBytes) break;
      this.#remove(oldest);
    }
  }

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  #remove(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }
}

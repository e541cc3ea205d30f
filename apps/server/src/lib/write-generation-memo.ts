/**
 * Answers kept while nothing has been written: `writeGeneration` changes at every write (the
 * embedded database's, see db/client.ts), and an answer is kept only when the generation did not
 * move while it was read, so it never predates a write that finished after its read began. Without
 * a generation (PostgreSQL, where other processes write) every ask reads.
 */
export function createWriteGenerationMemo<Answer>(
  writeGeneration: (() => number) | undefined,
  maxEntries = 10_000,
) {
  let kept = new Map<string, Answer | undefined>();
  let keptAt = Number.NaN;
  return {
    async read(key: string, load: () => Promise<Answer | undefined>): Promise<Answer | undefined> {
      if (!writeGeneration) return load();
      const before = writeGeneration();
      if (before === keptAt && kept.has(key)) return kept.get(key);
      const answer = await load();
      if (writeGeneration() === before) {
        if (keptAt !== before || kept.size >= maxEntries) {
          kept = new Map();
          keptAt = before;
        }
        kept.set(key, answer);
      }
      return answer;
    },
  };
}

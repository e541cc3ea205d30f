/**
 * Reads asked in the same turn of the event loop, made as one query: the calls that arrive together
 * (a browser's parallel calls, many users at once) each wait a few microseconds more and share one
 * round trip, instead of each sending its own statement. A key asked twice in one turn is read
 * once. `conflictOf` names what one query can hold once only (a session's token, asked with two
 * different probe keys): such a second ask goes to the next query.
 */
export function createCoalescedReader<Ask, Row>(options: {
  /** What identifies an ask: asks with the same identity share one answer. */
  identityOf: (ask: Ask) => string;
  /** Asks with the same conflict but another identity cannot be in one query. */
  conflictOf: (ask: Ask) => string;
  /** One query for these asks (distinct identities and conflicts); answers by identity. */
  readMany: (asks: Ask[]) => Promise<Map<string, Row>>;
}): (ask: Ask) => Promise<Row | undefined> {
  type Waiting = {
    ask: Ask;
    waiters: Array<{ resolve: (row: Row | undefined) => void; reject: (error: unknown) => void }>;
  };
  let batches: Array<Map<string, Waiting>> = [];
  let scheduled = false;

  async function run(batch: Map<string, Waiting>) {
    const entries = [...batch.values()];
    try {
      const answers = await options.readMany(entries.map((entry) => entry.ask));
      for (const entry of entries) {
        const row = answers.get(options.identityOf(entry.ask));
        for (const waiter of entry.waiters) waiter.resolve(row);
      }
    } catch (error) {
      for (const entry of entries) for (const waiter of entry.waiters) waiter.reject(error);
    }
  }

  function flush() {
    scheduled = false;
    const ready = batches;
    batches = [];
    for (const batch of ready) void run(batch);
  }

  return (ask) =>
    new Promise<Row | undefined>((resolve, reject) => {
      const identity = options.identityOf(ask);
      const conflict = options.conflictOf(ask);
      let batch = batches.find((candidate) => {
        const held = candidate.get(conflict);
        return !held || options.identityOf(held.ask) === identity;
      });
      if (!batch) {
        batch = new Map();
        batches.push(batch);
      }
      const held = batch.get(conflict);
      if (held) held.waiters.push({ resolve, reject });
      else batch.set(conflict, { ask, waiters: [{ resolve, reject }] });
      if (!scheduled) {
        scheduled = true;
        // After the turn's other arrivals (the poll phase) have asked theirs.
        setImmediate(flush);
      }
    });
}

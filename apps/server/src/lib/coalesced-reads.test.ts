import { describe, expect, it } from 'vitest';
import { createCoalescedReader } from './coalesced-reads';

type Ask = { token: string; key: string };

function readerLoggingQueries(fail = false) {
  const queries: Ask[][] = [];
  const read = createCoalescedReader<Ask, string>({
    identityOf: (ask) => `${ask.token} ${ask.key}`,
    conflictOf: (ask) => ask.token,
    async readMany(asks) {
      queries.push(asks);
      if (fail) throw new Error('the database is away');
      return new Map(
        asks
          .filter((ask) => ask.token !== 'gone')
          .map((ask) => [`${ask.token} ${ask.key}`, `${ask.token}:${ask.key}`]),
      );
    },
  });
  return { read, queries };
}

describe('coalesced reads', () => {
  it('makes the asks of one turn one query, and reads a repeated ask once', async () => {
    const { read, queries } = readerLoggingQueries();
    const answers = await Promise.all([
      read({ token: 'a', key: 'x' }),
      read({ token: 'b', key: 'x' }),
      read({ token: 'a', key: 'x' }),
      read({ token: 'gone', key: 'x' }),
    ]);
    expect(answers).toEqual(['a:x', 'b:x', 'a:x', undefined]);
    expect(queries).toEqual([
      [
        { token: 'a', key: 'x' },
        { token: 'b', key: 'x' },
        { token: 'gone', key: 'x' },
      ],
    ]);
  });

  it('puts a token asked with another key in a query of its own', async () => {
    const { read, queries } = readerLoggingQueries();
    const answers = await Promise.all([
      read({ token: 'a', key: 'x' }),
      read({ token: 'a', key: 'y' }),
      read({ token: 'b', key: 'y' }),
    ]);
    expect(answers).toEqual(['a:x', 'a:y', 'b:y']);
    expect(queries).toHaveLength(2);
    for (const query of queries) expect(new Set(query.map((ask) => ask.token)).size).toBe(query.length);
  });

  it('asks of a later turn make a new query', async () => {
    const { read, queries } = readerLoggingQueries();
    await read({ token: 'a', key: 'x' });
    await read({ token: 'a', key: 'x' });
    expect(queries).toHaveLength(2);
  });

  it('tells every caller of a failed query its failure', async () => {
    const { read } = readerLoggingQueries(true);
    const settled = await Promise.allSettled([
      read({ token: 'a', key: 'x' }),
      read({ token: 'b', key: 'x' }),
    ]);
    expect(settled.map((result) => result.status)).toEqual(['rejected', 'rejected']);
  });
});

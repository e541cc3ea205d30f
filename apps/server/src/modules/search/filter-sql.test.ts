import { PGlite } from '@electric-sql/pglite';
import { addDays } from '@settle/shared/calendar-date';
import { SearchMessage } from '@settle/shared/search/criteria-model';
import { COMPARE_OPS } from '@settle/shared/search/filter-expression';
import { parseFilter } from '@settle/shared/search/parse-filter';
import {
  evaluateFilter,
  type ReferenceContext,
  type ReferenceRow,
} from '@settle/shared/search/reference-evaluator';
import { serializeFilter } from '@settle/shared/search/serialize-filter';
// Test code of shared lives outside its exported src, hence the path.
import {
  type ArbitraryField,
  booleanValue,
  criteriaGroupArbitrary,
  filterToken,
  tokenSoup,
} from '@settle/shared/test-support/search-arbitraries';
import { type SQL, sql } from 'drizzle-orm';
import { boolean, date, integer, numeric, PgDialect, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { drizzle, type PgliteDatabase } from 'drizzle-orm/pglite';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { buildFilterWhere, INVALID_FILTER } from './filter-helper';
import { compileFilter, escapeLike, type FilterAllowList, FilterError } from './filter-sql';

/** The test's own table: no migrations, just what the filter needs. */
const t = pgTable('t', {
  id: integer('id').notNull(),
  invNo: text('inv_no'),
  amount: numeric('amount', { precision: 14, scale: 2 }),
  dueDate: date('due_date'),
  promise: boolean('promise'),
  status: text('status'),
  createdAt: timestamp('created_at', { withTimezone: true }),
  qty: integer('qty'),
});

const ALLOW: FilterAllowList = {
  id: { column: t.id, type: 'integer' },
  invNo: { column: t.invNo, type: 'string' },
  amount: { column: t.amount, type: 'currency' },
  dueDate: { column: sql.raw('t.due_date'), type: 'date' },
  promise: { column: t.promise, type: 'boolean' },
  status: { column: t.status, type: 'enum' },
  createdAt: { column: t.createdAt, type: 'datetime' },
  qty: { column: sql.raw('t.qty'), type: 'integer' },
};

const TEXTS = [
  'INV-001',
  'inv-001',
  'INV-002',
  "O'Brien",
  'a%b',
  'a_b',
  'axb',
  'back\\slash',
  '',
  ' ',
  'Zeta',
  'zeta',
  '100%',
  '_x',
];
const NEEDLES = [
  ...TEXTS.filter((text) => text.trim() !== ''),
  'inv',
  'a',
  '%',
  '_',
  '\\',
  "'",
  'b',
  '00',
  'ZET',
];
const STATUSES = ['O', 'C', 'P'];

let client: PGlite;
let db: PgliteDatabase;
let rows: (ReferenceRow & { id: string })[] = [];
let context: ReferenceContext;
let hourBase: number;

function centsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

beforeAll(async () => {
  client = new PGlite();
  db = drizzle(client);
  await client.exec(`create table t (id int not null, inv_no text, amount numeric(14,2), due_date date, promise boolean,
    status text, created_at timestamptz, qty int)`);
  const dbToday = await client.query<{ today: string }>('select current_date::text as today');
  const today = dbToday.rows[0]?.today ?? '';
  const now = new Date();
  // Datetimes sit half an hour off whole hours from now, so now() moving during the run changes nothing.
  hourBase = now.getTime() + 30 * 60_000;
  context = {
    fields: Object.fromEntries(Object.entries(ALLOW).map(([name, field]) => [name, field.type])),
    today,
    now: now.toISOString(),
  };
  const row = fc.record({
    invNo: fc.option(fc.constantFrom(...TEXTS)),
    amount: fc.option(fc.oneof(fc.integer({ min: -100_000, max: 100_000 }), fc.constantFrom(0, 1000, -250))),
    dueDate: fc.option(fc.integer({ min: -60, max: 60 })),
    promise: fc.option(fc.boolean()),
    status: fc.option(fc.constantFrom(...STATUSES)),
    createdAt: fc.option(fc.integer({ min: -72, max: 72 })),
    qty: fc.option(fc.integer({ min: -5, max: 20 })),
  });
  const generated = fc.sample(row, { numRuns: 80, seed: 20260131 });
  rows = generated.map((r, index) => ({
    id: String(index + 1),
    invNo: r.invNo,
    amount: r.amount === null ? null : centsText(r.amount),
    dueDate: r.dueDate === null ? null : addDays(today, r.dueDate),
    promise: r.promise,
    status: r.status,
    createdAt: r.createdAt === null ? null : new Date(hourBase + r.createdAt * 3_600_000).toISOString(),
    qty: r.qty === null ? null : String(r.qty),
  }));
  for (const r of rows) {
    await client.query('insert into t values ($1, $2, $3, $4, $5, $6, $7, $8)', [
      Number(r.id),
      r.invNo,
      r.amount,
      r.dueDate,
      r.promise,
      r.status,
      r.createdAt,
      r.qty === null ? null : Number(r.qty),
    ]);
  }
}, 60_000);

afterAll(async () => {
  await client?.close();
});

async function idsWhere(where: SQL | undefined): Promise<string[]> {
  const result = await db.execute<{ id: number }>(
    where ? sql`select t.id from t where ${where} order by t.id` : sql`select t.id from t order by t.id`,
  );
  return result.rows.map((row) => String(row.id));
}

function expectedIds(filter: string): string[] {
  const expression = parseFilter(filter);
  return rows.filter((row) => !expression || evaluateFilter(expression, row, context)).map((row) => row.id);
}

function dayValue(): fc.Arbitrary<string> {
  return fc
    .tuple(fc.integer({ min: -70, max: 70 }), fc.boolean())
    .map(([offset, asDateTime]) => `${addDays(context.today, offset)}${asDateTime ? 'T13:45:00Z' : ''}`);
}

function fields(): ArbitraryField[] {
  return [
    { property: 'id', type: 'integer', value: fc.integer({ min: -2, max: 90 }) },
    { property: 'invNo', type: 'string', value: fc.constantFrom(...NEEDLES) },
    {
      property: 'amount',
      type: 'currency',
      value: fc.oneof(
        fc.constantFrom(
          ...rows.map((row) => row.amount).filter((amount): amount is string => typeof amount === 'string'),
        ),
        fc.integer({ min: -100_000, max: 100_000 }).map((cents) => cents / 100),
        fc.constantFrom('0', '10.5', '-0.001', '99999999999999999999.99'),
      ),
    },
    { property: 'dueDate', type: 'date', value: dayValue() },
    { property: 'promise', type: 'boolean', value: booleanValue },
    { property: 'status', type: 'enum', value: fc.constantFrom(...STATUSES, 'X') },
    {
      property: 'createdAt',
      type: 'datetime',
      value: fc
        .tuple(fc.integer({ min: -80, max: 80 }), fc.constantFrom('Z', '', '+02:00', '-05:30'))
        .map(([hours, zone]) => {
          const iso = new Date(hourBase + hours * 3_600_000 + 15 * 60_000).toISOString().slice(0, 19);
          return `${iso}${zone}`;
        }),
    },
    {
      property: 'qty',
      type: 'integer',
      value: fc.oneof(fc.integer({ min: -6, max: 21 }), fc.constant('99999999999999999999')),
    },
  ];
}

function expectFilterError(run: () => unknown, message?: string): AppError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    const appError = error as AppError;
    expect(appError.statusCode).toBe(400);
    expect(appError.code).toBe(INVALID_FILTER);
    if (message) expect(appError.message.startsWith(message)).toBe(true);
    return appError;
  }
  throw new Error('expected an AppError');
}

describe('compiled filters on PGlite agree with the reference evaluator', () => {
  it('random criteria -> serialize -> parse -> compile selects the rows the reference selects', async () => {
    let mixed = 0;
    await fc.assert(
      fc.asyncProperty(criteriaGroupArbitrary(fields(), { applicableOnly: true }), async (group) => {
        const filter = serializeFilter(group);
        const actual = await idsWhere(buildFilterWhere(filter, ALLOW));
        const expected = expectedIds(filter);
        expect(actual, filter).toEqual(expected);
        if (expected.length > 0 && expected.length < rows.length) mixed += 1;
      }),
      { numRuns: 200 },
    );
    // The property means something only if filters select some rows and not others.
    expect(mixed).toBeGreaterThan(60);
  });

  it('escapes LIKE wildcards: % _ and \\ match themselves', async () => {
    expect(escapeLike('100%_a\\b')).toBe('100\\%\\_a\\\\b');
    const containing = (needle: string) =>
      rows.filter((row) => typeof row.invNo === 'string' && row.invNo.includes(needle)).map((row) => row.id);
    expect(await idsWhere(buildFilterWhere("substringof('%',invNo)", ALLOW))).toEqual(containing('%'));
    expect(await idsWhere(buildFilterWhere("substringof('_',invNo)", ALLOW))).toEqual(containing('_'));
    expect(await idsWhere(buildFilterWhere("substringof('\\',invNo)", ALLOW))).toEqual(containing('\\'));
    expect(containing('%').length).toBeGreaterThan(0);
    expect(containing('_').length).toBeGreaterThan(0);
  });
});

describe('compileFilter', () => {
  const dialect = new PgDialect();
  const compiled = (filter: string) => {
    const expression = parseFilter(filter);
    if (!expression) throw new Error('no filter');
    return dialect.sqlToQuery(compileFilter(expression, ALLOW));
  };

  it('binds every value as a parameter', () => {
    const query = compiled("invNo eq 'x'' or 1=1 --' and amount gt 5 and startswith(invNo,'a%')");
    expect(query.sql).toBe(
      `(("t"."inv_no" = $1::text) and ("t"."amount" > $2::numeric) and ("t"."inv_no" ilike ($3::text || '%') escape '\\'))`,
    );
    expect(query.params).toEqual(["x' or 1=1 --", '5', 'a\\%']);
  });

  it('writes null and empty tests, negation, dates and relative ranges as documented', () => {
    expect(compiled("invNo eq ''").sql).toBe(`("t"."inv_no" is null or "t"."inv_no" = '')`);
    expect(compiled("invNo ne ''").sql).toBe(`("t"."inv_no" is not null and "t"."inv_no" <> '')`);
    expect(compiled('amount eq null').sql).toBe(`("t"."amount" is null)`);
    expect(compiled('qty ne 3').sql).toBe('(t.qty is distinct from $1::numeric)');
    expect(compiled("not(status eq 'O')").sql).toBe(`(((("t"."status")::text = $1::text)) is not true)`);
    expect(compiled("dueDate le datetime'2026-01-31T00:00:00'").sql).toBe('((t.due_date)::date <= $1::date)');
    const range = compiled('inrelrange(dueDate,0,-30)');
    expect(range.sql).toBe(
      '((t.due_date)::date between current_date + $1::integer and current_date + $2::integer)',
    );
    expect(range.params).toEqual([-30, 0]);
    expect(compiled('infuture(createdAt)').sql).toBe(`("t"."created_at" > now())`);
    expect(compiled("invNo gt 'a'").sql).toBe(`("t"."inv_no" collate "C" > $1::text)`);
  });

  it('refuses fields outside the allow-list, even inherited names', () => {
    for (const field of [
      'bogus',
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
      'inv_no',
      'INVNO',
    ]) {
      const expression = parseFilter(`${field} eq 1`);
      expect(() => compileFilter(expression as never, ALLOW)).toThrow(FilterError);
      try {
        compileFilter(expression as never, ALLOW);
      } catch (error) {
        expect((error as FilterError).message).toBe(SearchMessage.INVALID_PROPERTY);
        expect((error as FilterError).field).toBe(field);
      }
    }
  });

  it('refuses values and functions a field type does not take, with Invalid Criterion', () => {
    for (const filter of [
      "qty eq 'x'",
      'qty eq 1.5',
      'amount eq true',
      "amount eq datetime'2026-01-01T00:00:00'",
      'dueDate eq 5',
      "dueDate eq '2026-02-30'",
      "promise eq 'yes'",
      'promise eq 1',
      'status eq true',
      'amount gt null',
      "substringof('1',qty)",
      "startswith(dueDate,'2026')",
      'infuture(invNo)',
      'inrelrange(amount,0,1)',
      'inrelrange(dueDate,-36601,0)',
    ]) {
      const expression = parseFilter(filter);
      try {
        compileFilter(expression as never, ALLOW);
        throw new Error(`compiled: ${filter}`);
      } catch (error) {
        expect(error, filter).toBeInstanceOf(FilterError);
        expect((error as FilterError).message, filter).toBe(SearchMessage.INVALID_CRITERION);
      }
    }
  });
});

describe('buildFilterWhere', () => {
  it('gives no condition for an absent, empty or blank filter', () => {
    expect(buildFilterWhere(undefined, ALLOW)).toBeUndefined();
    expect(buildFilterWhere('', ALLOW)).toBeUndefined();
    expect(buildFilterWhere('  ', ALLOW)).toBeUndefined();
  });

  it('answers a syntax error with 400, the spec message and a pointer', () => {
    const error = expectFilterError(
      () => buildFilterWhere("status eq 'O' and amount gtx 5", ALLOW),
      'Invalid operator',
    );
    expect(error.args).toEqual(['25', 'gtx 5']);
    expect(error.fieldErrors).toEqual([{ field: '$filter', message: 'Invalid operator' }]);
    expect(error.message).toContain("near 'gtx 5'");
  });

  it('answers an unknown field with 400 Invalid property pointing at it', () => {
    const error = expectFilterError(
      () => buildFilterWhere("status eq 'O' and bogus eq 1", ALLOW),
      'Invalid property',
    );
    expect(error.args).toEqual(['18', 'bogus eq 1']);
    expect(error.message).toContain("'bogus'");
  });

  it('answers a bad value with 400 Invalid Criterion pointing at its condition', () => {
    const error = expectFilterError(
      () => buildFilterWhere("status eq 'O' or not(qty eq 'many')", ALLOW),
      'Invalid Criterion',
    );
    expect(error.args).toEqual(['21', "qty eq 'many')"]);
  });
});

describe('hostile filters', () => {
  /** Either a 400 AppError, or SQL that runs and selects what the reference selects: never a database error. */
  async function check(filter: string): Promise<void> {
    let where: SQL | undefined;
    try {
      where = buildFilterWhere(filter, ALLOW);
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).statusCode).toBe(400);
      expect((error as AppError).code).toBe(INVALID_FILTER);
      return;
    }
    expect(await idsWhere(where), filter).toEqual(expectedIds(filter));
  }

  it('random token soups and strings never reach the database as errors', async () => {
    const fieldNames = Object.keys(ALLOW);
    const hostile = fc.oneof(
      tokenSoup(fieldNames, { maxTokens: 12 }),
      tokenSoup(fieldNames, { minTokens: 3, maxTokens: 5 }),
      fc
        .tuple(fc.constantFrom(...fieldNames), fc.constantFrom(...COMPARE_OPS), filterToken(fieldNames))
        .map((parts) => parts.join(' ')),
      fc.string({ unit: 'binary', maxLength: 100 }),
    );
    await fc.assert(fc.asyncProperty(hostile, check), { numRuns: 200 });
  });

  it('known attacks and edge values', async () => {
    for (const filter of [
      "invNo eq 'x'' or 1=1 --'",
      "invNo eq 'x'; drop table t; --'",
      "invNo eq 'x' or 1 eq 1",
      'amount gt 99999999999999999999999999999999999',
      'qty eq 99999999999999999999',
      'amount gt 1e999',
      "dueDate eq datetime'9999-12-31T23:59:59+14:00'",
      "createdAt eq datetime'9999-12-31T23:59:59-14:00'",
      "createdAt gt datetime'0001-01-01T00:00:00+14:00'",
      'inrelrange(dueDate,-36600,36600)',
      'inrelrange(createdAt,36600,-36600)',
      "invNo eq '\u0000'",
      "substringof('\\%',invNo)",
      '__proto__ eq 1',
      "status gt 'O'",
      'x'.repeat(100_000),
      `${'('.repeat(5000)}id eq 1${')'.repeat(5000)}`,
      `${'not('.repeat(30)}id eq 1${')'.repeat(30)}`,
    ]) {
      await check(filter);
    }
    expect(await idsWhere(undefined)).toHaveLength(rows.length);
  });
});

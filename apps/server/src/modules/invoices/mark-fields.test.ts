import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { INVOICE_FIELDS } from './invoice-fields';
import { MARK_FIELDS } from './invoices.service';

// The filtered totals kept under invoice_versions.data_version are current only for filters that
// name none of the columns that number leaves out (migration 0027's marks): the two lists must agree.
const dialect = new PgDialect();

describe('the payment and promise marks', () => {
  it('are the same columns in the trigger and among the grid fields the totals cache treats apart', () => {
    const migration = readFileSync(
      path.join(import.meta.dirname, '../../db/migrations/0027_ledger_data_versions.sql'),
      'utf8',
    );
    const marks = /marks constant text\[\] := array\[([^\]]*)\]/.exec(migration)?.[1] ?? '';
    const markColumns = new Set([...marks.matchAll(/'([a-z_]+)'/g)].map((match) => `i.${match[1]}`));
    expect(markColumns.size).toBe(5);
    const fieldsOverMarks = Object.entries(INVOICE_FIELDS)
      .filter(([, field]) => markColumns.has(dialect.sqlToQuery(field.column).sql))
      .map(([name]) => name)
      .sort();
    expect(fieldsOverMarks).toEqual([...MARK_FIELDS].sort());
  });
});

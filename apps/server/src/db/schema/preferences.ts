import { integer, jsonb, pgTable, primaryKey, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Column preferences per user and grid (shown, order, width, sort), kept as the contract's payload. */
export const gridPreferences = pgTable(
  'grid_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    grid: text('grid').notNull(),
    payload: jsonb('payload').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.grid] })],
);

/** Named advanced searches per user and grid. */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    grid: text('grid').notNull(),
    name: text('name').notNull(),
    criteria: jsonb('criteria').notNull(),
    filter: text('filter').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('saved_searches_name').on(table.userId, table.grid, table.name)],
);

import type { DatabaseHandle } from '../db/client';

/** The statements the database ran outside transactions while `call` ran, and its answer. */
export async function countStatements<T>(
  database: DatabaseHandle,
  call: () => Promise<T>,
): Promise<{ statements: number; answer: T }> {
  // An observer cannot be removed: this one stops counting once the call is done.
  let counting = true;
  let statements = 0;
  database.observeQueries(() => {
    if (counting) statements++;
  });
  try {
    const answer = await call();
    return { statements, answer };
  } finally {
    counting = false;
  }
}

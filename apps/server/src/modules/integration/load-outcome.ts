/** What loading one row did: the report counts each. */
export type Outcome = 'inserted' | 'updated' | 'unchanged';

/** A refusal the row earned (not a fault of the server): its message is the reason in the report. */
export class RowRefused extends Error {}

/**
 * Work a row asks for once its load is committed (an email must never announce a user that a
 * rolled-back load did not keep); a refused row's requests are dropped with its savepoint.
 */
export type AfterCommit = (task: () => Promise<void> | void) => void;

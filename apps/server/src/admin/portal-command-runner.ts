import type { RunAdminCommand } from './admin-socket';
import { runAdminCommand } from './command-list';
import type { AdminContext } from './commands';

export type OperatorCommandLog = { info(fields: { command: string }, message: string): void };

/**
 * How the live portal runs what `npm run admin` hands it: the command's output goes back to the
 * operator only. The log says which command ran, never what it printed: some outputs are secrets
 * shown once (an API key, a webhook's signing secret), and a log is read by more people than the
 * operator at the terminal.
 */
export function portalCommandRunner(context: AdminContext, log: OperatorCommandLog): RunAdminCommand {
  return async (command, argument) => {
    const output = await runAdminCommand(context, command, argument);
    log.info({ command }, 'operator command ran');
    return output;
  };
}

import { createAnnouncementsService } from '../modules/announcements/announcements.service';
import { listJobRuns } from '../modules/jobs/job-runner';
import { secondFactorPolicyCommand } from '../modules/second-factors/second-factors.service';
import { approvalCommands } from './approval-commands';
import { type AdminContext, adminCommands } from './commands';
import { importCommand } from './import-command';
import { integrationCommands } from './integration-commands';
import { nachaFileCommand } from './nacha-command';
import { paymentCommands } from './payment-commands';
import { registrationLinkCommand } from './registration-link-command';

export type AdminCommand = {
  help: string;
  run: (context: AdminContext, argument?: string) => Promise<string>;
};

/** Operator commands by name: `npm run admin -- <name> [argument]`, run directly or by the live portal. */
export const ADMIN_COMMANDS: Record<string, AdminCommand> = {
  'purge-expired-sessions': {
    help: 'delete sessions past their idle or absolute time-out, and expired sign-in codes',
    run: adminCommands.purgeExpiredSessions,
  },
  'shutdown-sessions': {
    help: 'end every session now (users are told an administrator ended it)',
    run: adminCommands.shutdownSessions,
  },
  unlock: {
    help: '<loginName>: lift the failed-sign-in slow-down and lock of a login',
    run: adminCommands.unlock,
  },
  'unlock-address': {
    help: '<ip>: lift the failed-sign-in slow-down and lock of a client address',
    run: adminCommands.unlockAddress,
  },
  announcement: {
    help: "<tenantGuid|default> [text]: set the tenant's scrolling announcement (no text removes it)",
    run: ({ db }, argument) => createAnnouncementsService(db).setByCommand(argument),
  },
  'second-factor-policy': {
    help: '<tenantGuid|default> <required|optional>: whether every user of the tenant must sign in with a second factor',
    run: ({ db }, argument) => secondFactorPolicyCommand(db, argument),
  },
  'registration-link': {
    help: '<custNo> [contactEmail]: print the registration links of the contacts of a customer',
    run: registrationLinkCommand,
  },
  'payment-config': {
    help: '<currency> <cart|on_account|all> <flag>=<value>...: change what a currency offers (allowECheck=false, noteMaxSize=80...)',
    run: paymentCommands.config,
  },
  'payment-fee': {
    help: '<currency> <cart|on_account|all> <CREDIT_CARD|ECHECK> <percentage>: set a convenience fee (0 removes it)',
    run: paymentCommands.fee,
  },
  'approval-policy': {
    help: '<custNo> <currency> <amount|off>: cart payments of a customer above the amount need the approval of a second user (an approver)',
    run: approvalCommands.policy,
  },
  approver: {
    help: '<loginName> <custNo> <on|off>: whether a user approves payments of a customer',
    run: approvalCommands.approver,
  },
  'payment-settings': {
    help: "list the default tenant's payment configuration and provider settings",
    run: paymentCommands.list,
  },
  'api-key': {
    help: 'create <tenant|default> <name> <scopes> | list <tenant> | revoke <tenant> <id>: integration API keys (scopes ledger:write, events:read, webhooks:manage, payments:read)',
    run: integrationCommands.apiKey,
  },
  webhook: {
    help: 'subscribe <tenant> <url> <types|*> | list | unsubscribe | deliveries <tenant> <id> | redeliver <tenant> <deliveryId>',
    run: integrationCommands.webhook,
  },
  'nacha-file': {
    help: '<YYYY-MM-DD> [--tenant <guid>] [--out <file>]: the NACHA e-check file of a cut-off date for the bank, generated once (prints it, or writes it with --out)',
    run: nachaFileCommand,
  },
  import: {
    help: '<customers|invoices|reason-codes|payment-configs|dispute-updates|users> --file <file.csv|.ndjson> [--tenant <guid>] [--atomic]: load the ledger from a file (also npm run import)',
    run: (context, argument) => importCommand(context, argument),
  },
  jobs: {
    help: '[count]: the latest runs of the scheduled jobs (each runs once per period across processes)',
    run: async ({ db }, argument) => {
      const runs = await listJobRuns(db, Number(argument) || 20);
      if (runs.length === 0) return 'no scheduled job has run yet';
      return runs
        .map(
          (run) =>
            `${run.started_at}  ${run.job_name} ${run.period_key}  ${run.status} (try ${run.attempts}, ${run.owner})${run.error ? `  ${run.error}` : run.result ? `  ${JSON.stringify(run.result)}` : ''}`,
        )
        .join('\n');
    },
  },
  'payment-demo-config': {
    help: 'give a database seeded before payments the demo payment configuration',
    run: paymentCommands.demoConfig,
  },
};

/** Runs a command by name; an unknown name is an error listing the known ones. */
export function runAdminCommand(context: AdminContext, name: string, argument?: string): Promise<string> {
  const command = Object.hasOwn(ADMIN_COMMANDS, name) ? ADMIN_COMMANDS[name] : undefined;
  if (!command) {
    return Promise.reject(
      new Error(`Unknown command ${name}; known: ${Object.keys(ADMIN_COMMANDS).join(', ')}`),
    );
  }
  return command.run(context, argument);
}

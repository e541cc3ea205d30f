import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { resolveAuthSecret } from '../modules/auth/auth-secret';
import { createServices } from '../services';
import { type AdminContext, adminCommands } from './commands';

/** Operator commands: npm run admin -- <command> [argument] */
const COMMANDS: Record<
  string,
  { help: string; run: (context: AdminContext, argument?: string) => Promise<string> }
> = {
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
};

async function main() {
  const name = process.argv[2];
  const command = name ? COMMANDS[name] : undefined;
  if (!command) {
    console.log('Usage: npm run admin -- <command> [argument]\n');
    for (const [key, value] of Object.entries(COMMANDS)) console.log(`  ${key.padEnd(26)} ${value.help}`);
    process.exitCode = name ? 1 : 0;
    return;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const services = createServices(database.db, config, { authSecret: await resolveAuthSecret(config) });
    console.log(await command.run({ db: database.db, services }, process.argv[3]));
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

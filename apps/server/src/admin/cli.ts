import { IN_MEMORY, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { resolveAuthSecret } from '../modules/auth/auth-secret';
import { createServices } from '../services';
import { adminSocketPath, sendAdminCommand } from './admin-socket';
import { ADMIN_COMMANDS, runAdminCommand } from './command-list';

/** Operator commands: npm run admin -- <command> [argument] */
async function main() {
  const name = process.argv[2];
  // registration-link takes two words (custNo and an email); one-word commands are unaffected.
  const argument = process.argv.slice(3).join(' ') || undefined;
  if (!name || !Object.hasOwn(ADMIN_COMMANDS, name)) {
    console.log('Usage: npm run admin -- <command> [argument]\n');
    for (const [key, value] of Object.entries(ADMIN_COMMANDS))
      console.log(`  ${key.padEnd(26)} ${value.help}`);
    process.exitCode = name ? 1 : 0;
    return;
  }
  const config = loadConfig();
  // On the embedded database a running portal holds the files: hand it the command.
  const socketPath =
    config.databaseUrl || config.dataDir === IN_MEMORY ? null : adminSocketPath(config.dataDir);
  const reply = socketPath ? await sendAdminCommand(socketPath, { command: name, argument }) : null;
  if (reply) {
    if (!reply.ok) throw new Error(reply.error);
    console.log(reply.output);
    return;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const services = createServices(database.db, config, { authSecret: await resolveAuthSecret(config) });
    console.log(await runAdminCommand({ db: database.db, services }, name, argument));
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

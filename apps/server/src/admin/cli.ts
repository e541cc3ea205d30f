import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createSessionService } from '../modules/auth/session.service';

/** Operator commands: npm run admin -- <command> */
const COMMANDS: Record<string, { help: string; run: (context: Context) => Promise<string> }> = {
  'purge-expired-sessions': {
    help: 'delete sessions past their idle or absolute time-out',
    run: async ({ sessions }) => `${await sessions.purgeExpired()} expired session(s) deleted`,
  },
};

type Context = { sessions: ReturnType<typeof createSessionService> };

async function main() {
  const name = process.argv[2];
  const command = name ? COMMANDS[name] : undefined;
  if (!command) {
    console.log('Usage: npm run admin -- <command>\n');
    for (const [key, value] of Object.entries(COMMANDS)) console.log(`  ${key.padEnd(26)} ${value.help}`);
    process.exitCode = name ? 1 : 0;
    return;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    console.log(await command.run({ sessions: createSessionService(database.db, config) }));
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

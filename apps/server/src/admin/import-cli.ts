import { IN_MEMORY, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { resolveAuthSecret } from '../modules/auth/auth-secret';
import { createServices } from '../services';
import { adminSocketPath, sendAdminCommand } from './admin-socket';
import { IMPORT_USAGE, importCommand } from './import-command';

/** npm run import -- invoices --file invoices.csv: a progress line on the terminal, the report at the end. */
async function main() {
  const argument = process.argv.slice(2).join(' ');
  if (!argument) {
    console.log(IMPORT_USAGE);
    return;
  }
  const config = loadConfig();
  const socketPath =
    config.databaseUrl || config.dataDir === IN_MEMORY ? null : adminSocketPath(config.dataDir);
  // On the embedded database a running portal holds the files: it loads the file itself.
  const reply = socketPath ? await sendAdminCommand(socketPath, { command: 'import', argument }) : null;
  if (reply) {
    if (!reply.ok) throw new Error(reply.error);
    console.log(reply.output);
    return;
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    filling: true,
  });
  try {
    await database.migrate();
    const services = createServices(database.db, config, { authSecret: await resolveAuthSecret(config) });
    const started = Date.now();
    const output = await importCommand({ db: database.db, services }, argument, (report) => {
      if (!process.stderr.isTTY) return;
      const seconds = (Date.now() - started) / 1000;
      process.stderr.write(
        `\r${report.received.toLocaleString()} rows  ${Math.round(report.received / Math.max(seconds, 0.001)).toLocaleString()}/s  ` +
          `+${report.inserted} ~${report.updated} =${report.unchanged} !${report.refused}   `,
      );
    });
    if (process.stderr.isTTY) process.stderr.write('\n');
    console.log(output);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

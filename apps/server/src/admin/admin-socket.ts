import { chmod, unlink } from 'node:fs/promises';
import { connect, createServer, type Server } from 'node:net';
import path from 'node:path';

/**
 * The embedded database (PGlite) belongs to one process: an operator command cannot open it
 * while the portal runs. So the running portal listens on a Unix socket in DATA_DIR and runs
 * the commands itself; `npm run admin` sends them there when the portal is up. Only the
 * account that owns DATA_DIR can connect (the socket is 0600), which is the same trust as
 * opening the database files directly.
 */
export const ADMIN_SOCKET_FILE = 'admin.sock';

/** Unix socket paths are limited to about 104-108 bytes depending on the system. */
const MAX_SOCKET_PATH = 100;

export type AdminRequest = { command: string; argument?: string };
export type AdminReply = { ok: true; output: string } | { ok: false; error: string };
export type RunAdminCommand = (command: string, argument: string | undefined) => Promise<string>;

export function adminSocketPath(dataDir: string): string | null {
  const socketPath = path.join(dataDir, ADMIN_SOCKET_FILE);
  return Buffer.byteLength(socketPath) <= MAX_SOCKET_PATH ? socketPath : null;
}

/** Starts listening; the returned close() stops and removes the socket file. */
export async function startAdminSocket(
  socketPath: string,
  run: RunAdminCommand,
): Promise<{ close(): Promise<void> }> {
  // A socket file left by a portal that crashed would make listen() fail with EADDRINUSE.
  if (!(await isAnswering(socketPath))) await unlink(socketPath).catch(() => {});
  const server: Server = createServer((connection) => {
    let received = '';
    connection.setEncoding('utf8');
    connection.on('data', async (chunk: string) => {
      received += chunk;
      if (received.length > 4096) return connection.destroy();
      const end = received.indexOf('\n');
      if (end < 0) return;
      const reply = await answer(received.slice(0, end), run);
      connection.end(`${JSON.stringify(reply)}\n`);
    });
    connection.on('error', () => {});
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  await chmod(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        unlink(socketPath).catch(() => {});
      }),
  };
}

async function answer(line: string, run: RunAdminCommand): Promise<AdminReply> {
  try {
    const request = JSON.parse(line) as AdminRequest;
    if (typeof request.command !== 'string') return { ok: false, error: 'No command given' };
    const argument = typeof request.argument === 'string' ? request.argument : undefined;
    return { ok: true, output: await run(request.command, argument) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Sends one command to a running portal. Null when no portal listens there (no socket file,
 * or one left behind by a portal that stopped), so that the caller opens the database itself.
 */
export function sendAdminCommand(socketPath: string, request: AdminRequest): Promise<AdminReply | null> {
  return new Promise((resolve) => {
    const connection = connect(socketPath);
    let received = '';
    connection.setEncoding('utf8');
    connection.on('connect', () => connection.write(`${JSON.stringify(request)}\n`));
    connection.on('data', (chunk: string) => {
      received += chunk;
    });
    connection.on('end', () => {
      try {
        resolve(JSON.parse(received.trim()) as AdminReply);
      } catch {
        resolve({ ok: false, error: 'The running portal sent an unreadable answer' });
      }
    });
    connection.on('error', () => resolve(null));
  });
}

function isAnswering(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = connect(socketPath);
    probe.on('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.on('error', () => resolve(false));
  });
}

// Builds the server's JavaScript for production: one ES module per command, our TypeScript (and the
// shared contract, which ships as TypeScript) bundled, every npm package left to node_modules.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const serverRoot = import.meta.dirname;
const manifest = JSON.parse(readFileSync(path.join(serverRoot, 'package.json'), 'utf8'));
const workspacePackages = (name) => name.startsWith('@settle/');
const external = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).filter(
  (name) => !workspacePackages(name),
);

const outdir = path.join(serverRoot, 'dist');
rmSync(outdir, { recursive: true, force: true });
const startedAt = performance.now();
await build({
  entryPoints: {
    server: 'src/server-entry.ts',
    'admin-cli': 'src/admin/cli.ts',
    'import-cli': 'src/admin/import-cli.ts',
    'seed-cli': 'src/db/seed/cli.ts',
  },
  absWorkingDir: serverRoot,
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  sourcemap: true,
  external: external.flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
});
console.log(`  server built into apps/server/dist in ${Math.round(performance.now() - startedAt)} ms`);

// Builds the server's JavaScript for production: one ES module per command, our TypeScript (and the
// shared contract, which ships as TypeScript) bundled, npm packages left to node_modules except the
// few pure-JS ES module packages loaded at start as hundreds of small files (BUNDLED): resolving and
// reading each of them took a large share of a restart.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const serverRoot = import.meta.dirname;
const BUNDLED = new Set(['drizzle-orm', 'zod', 'fastify-type-provider-zod']);
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
const keepExternal = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      const name = packageOf(args.path);
      if (name.startsWith('@settle/') || BUNDLED.has(name)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

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
  plugins: [keepExternal],
  logLevel: 'warning',
});
console.log(`  server built into apps/server/dist in ${Math.round(performance.now() - startedAt)} ms`);

// Builds the server's JavaScript for production: one ES module per command, our TypeScript (and the
// shared contract, which ships as TypeScript) bundled, with the pure-JS packages a start loads
// (BUNDLED, with what they import in turn). Left to node_modules, those were some 450 files that
// each start resolved, read and compiled one by one, a large share of a restart. A package stays
// external when it reads files beside its own code (PGlite's WebAssembly, fonts, the API docs'
// pages, the static files' sender), runs worker threads (the logger) or is native (argon2), and
// so does what only some requests load (PDF and Excel writers, OpenID, SMTP, Stripe...).
import { existsSync, realpathSync, rmSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';

const serverRoot = import.meta.dirname;
const outdir = path.join(serverRoot, 'dist');
const BUNDLED = new Set([
  'drizzle-orm',
  'zod',
  'fastify-type-provider-zod',
  'fastify',
  '@fastify/compress',
  '@fastify/cookie',
  '@fastify/multipart',
  '@fastify/rate-limit',
  '@fastify/swagger',
  'helmet',
  'prom-client',
  'standardwebhooks',
]);
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
/**
 * Packages that stay in node_modules even when a bundled package imports them: they read files
 * beside their own code, run worker threads, load native code or are only loaded on demand.
 */
const EXTERNAL = new Set([
  '@electric-sql/pglite',
  'pg',
  'pino',
  '@fastify/static',
  '@fastify/swagger-ui',
  '@node-rs/argon2',
]);

/** The folder of the copy of a package that Node would load for code in `fromDirectory`. */
function installedCopy(name, fromDirectory) {
  for (let directory = fromDirectory; ; directory = path.dirname(directory)) {
    const candidate = path.join(directory, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return realpathSync(candidate);
    if (path.dirname(directory) === directory) return undefined;
  }
}

// Our source's external packages, and those a bundled package brought into the bundle: one package
// in both would run as two copies (checked once the build is done).
const externalFromSource = new Set();
const bundledFromPackages = new Set();

const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      const name = packageOf(args.path);
      if (isBuiltin(args.path)) return { path: args.path, external: true };
      if (name.startsWith('@settle/')) return undefined;
      // A bundled package brings what it imports along (the copy it would load may not be the
      // one node_modules gives dist/), except the external ones, which must then be that copy.
      const fromBundledPackage = args.importer.split(path.sep).includes('node_modules');
      if (fromBundledPackage && !EXTERNAL.has(name)) {
        bundledFromPackages.add(name);
        return undefined;
      }
      if (!fromBundledPackage && BUNDLED.has(name)) return undefined;
      if (fromBundledPackage) {
        const copy = installedCopy(name, outdir);
        if (copy === undefined || installedCopy(name, args.resolveDir) !== copy) {
          return {
            errors: [{ text: `${name}, imported by a bundled package, is not the copy dist/ would load` }],
          };
        }
      } else externalFromSource.add(name);
      return { path: args.path, external: true };
    });
  },
};

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
  plugins: [externalPackages],
  // A bundled CommonJS package's require() of a built-in or of an external package needs a require
  // in the ES module it now lives in.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
const twoCopies = [...externalFromSource].filter((name) => bundledFromPackages.has(name));
if (twoCopies.length > 0) {
  rmSync(outdir, { recursive: true, force: true });
  throw new Error(
    `${twoCopies.join(', ')}: external for our code but bundled for a package; add to BUNDLED or EXTERNAL`,
  );
}
console.log(`  server built into apps/server/dist in ${Math.round(performance.now() - startedAt)} ms`);

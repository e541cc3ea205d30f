import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { SIGN_IN_NAMESPACES } from './src/lib/i18n-namespaces.ts';
import { precompress } from './vite-precompress.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('./dist', import.meta.url));

const LOCALE_FILE = /\/locales\/(\w+)\/(\w+)\.json$/;

/**
 * The texts' chunks: each sign-in namespace alone, for /login to fetch only those; every other
 * namespace of a language together, as the root layout fetches them all at once (one request,
 * and smaller compressed than apart). Named for what they hold (texts-fr-auth-….js,
 * texts-fr-screens-….js), as npm run bench:web lists them.
 */
function textsChunkName(moduleId: string): string | null {
  const [, language, namespace] = LOCALE_FILE.exec(moduleId) ?? [];
  if (!language || !namespace) return null;
  const signIn = (SIGN_IN_NAMESPACES as readonly string[]).includes(namespace);
  return `texts-${language}-${signIn ? namespace : 'screens'}`;
}

export default defineConfig({
  // Pinned so that the build lands in apps/web/dist whatever directory it is started from.
  root,
  plugins: [react(), precompress(outDir)],
  server: {
    port: 5173,
    // The API (and config.js) come from the Fastify server in development.
    proxy: { '/getpaid-rest': { target: process.env.SETTLE_DEV_API_TARGET ?? 'http://localhost:3000' } },
  },
  build: {
    outDir,
    emptyOutDir: true,
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: textsChunkName }] } } },
  },
});

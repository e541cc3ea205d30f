import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite-precompress';

const root = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('./dist', import.meta.url));

export default defineConfig({
  // Pinned so that the build lands in apps/web/dist whatever directory it is started from.
  root,
  plugins: [react(), precompress(outDir)],
  server: {
    port: 5173,
    // The API (and config.js) come from the Fastify server in development.
    proxy: { '/getpaid-rest': { target: process.env.SETTLE_DEV_API_TARGET ?? 'http://localhost:3000' } },
  },
  build: { outDir, emptyOutDir: true },
});

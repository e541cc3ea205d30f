import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Files worth compressing; index.html is left out: the server rewrites it before sending it. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|map|wasm|ttf)$/;

/**
 * Writes a .br (quality 11) and a .gz (level 9) beside each built file, once, at build time:
 * the server sends them as they are (@fastify/static preCompressed) instead of compressing the
 * same bytes again for every visitor at a lower level.
 */
export function precompress(outDir: string): Plugin {
  return {
    name: 'settle-precompress',
    apply: 'build',
    closeBundle() {
      for (const file of listFiles(outDir)) {
        if (!COMPRESSIBLE.test(file) || file.endsWith('.html')) continue;
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

function listFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const full = path.join(directory, name);
    return statSync(full).isDirectory() ? listFiles(full) : [full];
  });
}

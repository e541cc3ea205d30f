import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const SERVER_PACKAGE_NAME = '@settle/server';

function isServerPackage(directory: string): boolean {
  const manifest = path.join(directory, 'package.json');
  if (!existsSync(manifest)) return false;
  try {
    return (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name === SERVER_PACKAGE_NAME;
  } catch {
    return false;
  }
}

/**
 * The first directory at or above `start` that holds the server's package.json. Files the
 * server reads at run time (help content, migrations) are located from here rather than from
 * the module's own directory: once bundled, every module lives in one file under dist/, at
 * another depth than its source.
 */
export function findServerRoot(start: string): string {
  for (let directory = path.resolve(start); ; directory = path.dirname(directory)) {
    if (isServerPackage(directory)) return directory;
    if (path.dirname(directory) === directory) {
      throw new Error(`No package.json named ${SERVER_PACKAGE_NAME} at or above ${start}`);
    }
  }
}

/** apps/server, whether this runs from src/ (tsx, tests) or from a bundle in dist/. */
export const serverRoot = findServerRoot(import.meta.dirname);

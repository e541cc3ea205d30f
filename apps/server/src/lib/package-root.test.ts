import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findServerRoot, serverRoot } from './package-root';

describe('serverRoot', () => {
  it("is the directory of the server's package.json", () => {
    expect(JSON.parse(readFileSync(path.join(serverRoot, 'package.json'), 'utf8')).name).toBe(
      '@settle/server',
    );
  });

  it('is found from any depth below it, as from a bundle in dist/', () => {
    expect(findServerRoot(path.join(serverRoot, 'dist'))).toBe(serverRoot);
    expect(findServerRoot(path.join(serverRoot, 'src/modules/help/content/en'))).toBe(serverRoot);
  });

  it("is never another package's directory (the workspace root's), nor a guess", () => {
    expect(() => findServerRoot(path.resolve(serverRoot, '../..'))).toThrow(/@settle\/server/);
    expect(() => findServerRoot(tmpdir())).toThrow(/@settle\/server/);
  });
});

import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverRoot } from './lib/package-root';

/**
 * The rules of direction of ARCHITECTURE.md are Biome overrides (noRestrictedImports) in
 * biome.json, with noImportCycles beside them. This runs the repository's own biome.json over one probe file per case, each
 * holding a single import, and checks that exactly the forbidden ones are reported: delete
 * or loosen an override and its cases turn red. The probes live in a directory of their
 * own that mirrors the repository's layout, so the working tree is never touched.
 */

type Probe = { file: string; from: string; why: string };

const FORBIDDEN: Probe[] = [
  { file: 'packages/shared/src/probe.ts', from: '../../../apps/server/src/config', why: 'shared -> apps' },
  { file: 'packages/shared/src/rules/probe.ts', from: '@settle/web/src/lib/i18n', why: 'shared -> web' },
  { file: 'apps/web/src/features/probe/probe.ts', from: '../auth/api/login', why: 'feature -> feature' },
  {
    file: 'apps/web/src/features/probe/routes/probe.tsx',
    from: '../../auth/components/login-form',
    why: 'feature -> feature',
  },
  {
    file: 'apps/web/src/features/probe/components/parts/probe.tsx',
    from: '../../../auth/lib/translate-sign-in-error',
    why: 'feature -> feature',
  },
  {
    file: 'apps/web/src/features/probe/routes/probe-app.tsx',
    from: '../../../app/router',
    why: 'feature -> app',
  },
  {
    file: 'apps/web/src/features/probe/api/probe-server.ts',
    from: '@settle/server/src/services',
    why: 'web -> server',
  },
  {
    file: 'apps/web/src/components/ui/probe.tsx',
    from: '../../features/auth/api/login',
    why: 'components/ui -> feature',
  },
  { file: 'apps/web/src/lib/probe.ts', from: '../app/providers', why: 'lib -> app' },
  { file: 'apps/web/src/app/probe.ts', from: '../../../server/src/config', why: 'web -> server' },
  {
    file: 'apps/server/src/modules/probe/probe.routes.ts',
    from: '../../db/client',
    why: 'route -> database',
  },
  {
    file: 'apps/server/src/modules/probe/probe-own.routes.ts',
    from: './probe.repository',
    why: 'route -> repository',
  },
  {
    file: 'apps/server/src/modules/probe/probe.service.ts',
    from: '../invoices/invoices.repository',
    why: "module -> another module's repository",
  },
  {
    file: 'apps/server/src/modules/probe/parts/probe.ts',
    from: '../../accounts/accounts.repository',
    why: "module -> another module's repository",
  },
];

const ALLOWED: Probe[] = [
  { file: 'packages/shared/src/probe-ok.ts', from: './money', why: 'shared -> shared' },
  {
    file: 'apps/web/src/features/probe/routes/probe-ok.tsx',
    from: '../components/probe-form',
    why: 'own feature',
  },
  {
    file: 'apps/web/src/features/probe/routes/probe-lib.tsx',
    from: '../../../lib/api-client',
    why: 'feature -> lib',
  },
  {
    file: 'apps/web/src/features/probe/routes/probe-ui.tsx',
    from: '../../../components/ui/sign-in-frame',
    why: 'feature -> components/ui',
  },
  {
    file: 'apps/web/src/app/probe-ok.tsx',
    from: '../features/auth/routes/login-route',
    why: 'app -> feature',
  },
  { file: 'apps/web/src/lib/probe-ok.ts', from: './api-client', why: 'lib -> lib' },
  {
    file: 'apps/server/src/modules/probe/probe-ok.routes.ts',
    from: './probe.service',
    why: 'route -> its service',
  },
  {
    file: 'apps/server/src/modules/probe/probe-ok.service.ts',
    from: './probe.repository',
    why: 'service -> its repository',
  },
  {
    file: 'apps/server/src/modules/probe/probe-other.service.ts',
    from: '../invoices/invoices.service',
    why: "module -> another module's service",
  },
  {
    file: 'apps/server/src/modules/probe/probe.repository.ts',
    from: '../../db/client',
    why: 'repository -> database',
  },
];

const repoRoot = path.resolve(serverRoot, '../..');
const biomeBin = path.join(
  path.dirname(createRequire(path.join(repoRoot, 'package.json')).resolve('@biomejs/biome/package.json')),
  'bin/biome',
);

type Diagnostic = { category: string; location: { path: string } };

let probeRoot: string;
let reported: Diagnostic[];

beforeAll(() => {
  probeRoot = mkdtempSync(path.join(tmpdir(), 'settle-architecture-'));
  copyFileSync(path.join(repoRoot, 'biome.json'), path.join(probeRoot, 'biome.json'));
  for (const probe of [...FORBIDDEN, ...ALLOWED]) {
    const file = path.join(probeRoot, probe.file);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `import { probe } from '${probe.from}';\n\nexport const used = probe;\n`);
  }
  for (const [name, other] of [
    ['a', 'b'],
    ['b', 'a'],
  ]) {
    writeFileSync(
      path.join(probeRoot, `apps/server/src/modules/probe/cycle-${name}.ts`),
      `import { ${other} } from './cycle-${other}';\n\nexport const ${name} = () => ${other}();\n`,
    );
  }
  // No --only: that would switch a rule on whatever biome.json says, and biome.json is under test.
  const run = spawnSync(
    process.execPath,
    [biomeBin, 'lint', '--reporter=json', '--max-diagnostics=none', '.'],
    {
      cwd: probeRoot,
      encoding: 'utf8',
    },
  );
  if (!run.stdout.trim()) throw new Error(`biome gave no report: ${run.stderr || run.error}`);
  reported = (JSON.parse(run.stdout) as { diagnostics: Diagnostic[] }).diagnostics;
}, 60_000);

afterAll(() => {
  if (probeRoot) rmSync(probeRoot, { recursive: true, force: true });
});

const reportedIn = (file: string, category: string) =>
  reported.filter(
    (diagnostic) =>
      diagnostic.category === category && path.normalize(diagnostic.location.path) === path.normalize(file),
  );
const restrictedIn = (file: string) => reportedIn(file, 'lint/style/noRestrictedImports');

describe('the rules of direction, as biome.json checks them', () => {
  it.each(FORBIDDEN)('refuses $why: $file importing $from', ({ file }) => {
    expect(restrictedIn(file)).toHaveLength(1);
  });

  it.each(ALLOWED)('allows $why: $file importing $from', ({ file }) => {
    expect(restrictedIn(file)).toEqual([]);
  });

  it('refuses an import cycle', () => {
    for (const name of ['a', 'b']) {
      const file = `apps/server/src/modules/probe/cycle-${name}.ts`;
      expect(reportedIn(file, 'lint/suspicious/noImportCycles'), file).toHaveLength(1);
    }
  });
});

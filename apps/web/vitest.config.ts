import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { configDefaults, defineProject } from 'vitest/config';

const TESTS = 'src/**/*.test.{ts,tsx}';

/**
 * The test files that replace a module with vi.mock or vi.doMock: a mock holds only in a module
 * registry of the file's own, so these run isolated (the web-isolated project, vitest.isolated.config.ts).
 */
export const MOCKING_FILES = globSync(TESTS, { cwd: import.meta.dirname }).filter((file) =>
  /\bvi\.(mock|doMock)\(/.test(readFileSync(path.join(import.meta.dirname, file), 'utf8')),
);

/**
 * The component tests in jsdom. Most run without isolation: each worker keeps its jsdom and the
 * modules it imported (React, Mantine, Testing Library) from one file to the next, instead of a
 * new process per file. Measured on this machine, the 157 files took 61 s of CPU instead of 203 s
 * (about 1 s of start-up per file: the environment and the setup file). The tests render with
 * their own i18n, query client and router (testing/render.tsx), and setup.ts resets what a test
 * leaves behind.
 */
export function webProject(options: { isolated: boolean }) {
  return defineProject({
    root: import.meta.dirname,
    plugins: [react()],
    test: {
      name: options.isolated ? 'web-isolated' : 'web',
      environment: 'jsdom',
      include: options.isolated ? MOCKING_FILES : [TESTS],
      exclude: options.isolated ? configDefaults.exclude : [...configDefaults.exclude, ...MOCKING_FILES],
      setupFiles: ['./src/testing/setup.ts'],
      isolate: options.isolated,
    },
  });
}

export default webProject({ isolated: false });

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';
import type { RunnerTestCase } from 'vitest';
import { afterAll, afterEach, beforeAll, recordArtifact } from 'vitest';
import { REPO_ROOT } from './launch-server';

/** Where a failing test's pages are photographed (test-results/ is not kept in git). */
export const FAILURE_SCREENSHOTS = path.join(REPO_ROOT, 'test-results', 'screenshots');

export const DEMO_PASSWORD = 'Settle-demo-2026';

/** Debian's Chromium, with the flags that keep it off the (closed) network. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export type Browsing = {
  readonly browser: Browser;
  /** A context of its own (cookies, storage) for the running test; closed when the test ends. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** A page in a context of its own for the running test. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
};

/**
 * One Chromium for the file; every test opens its own contexts through the answer, and
 * nothing carries over from one test to the next: the contexts are closed after each test.
 * When a test fails, each page it left open is photographed first into
 * test-results/screenshots/ and attached to the failure (the reporter prints the paths).
 */
export function browserForFile(): Browsing {
  let browser: Browser | undefined;
  let opened: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());
  afterEach(async ({ task }) => {
    const contexts = opened;
    opened = [];
    if (task.result?.state === 'fail') await photographPages(task, contexts);
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
  });

  const running = (): Browser => {
    if (!browser) throw new Error('the browser starts in beforeAll: open pages inside a test');
    return browser;
  };
  const newContext = async (options?: BrowserContextOptions) => {
    const context = await running().newContext(options);
    opened.push(context);
    return context;
  };
  return {
    get browser() {
      return running();
    },
    newContext,
    newPage: async (options) => (await newContext(options)).newPage(),
  };
}

async function photographPages(task: RunnerTestCase, contexts: BrowserContext[]): Promise<void> {
  const pages = contexts.flatMap((context) => context.pages()).filter((page) => !page.isClosed());
  const folder = path.join(FAILURE_SCREENSHOTS, path.basename(task.file.filepath, '.e2e.test.ts'));
  mkdirSync(folder, { recursive: true });
  const name = task.name
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
  for (const [index, page] of pages.entries()) {
    const file = path.join(folder, `${name}${pages.length > 1 ? `-${index + 1}` : ''}.png`);
    try {
      await page.screenshot({ path: file, fullPage: true, timeout: 10_000 });
    } catch {
      continue; // a page that cannot be photographed (crashed, navigating away) adds nothing
    }
    await recordArtifact(task, {
      type: 'internal:failureScreenshot',
      attachments: [{ path: file, originalPath: file, contentType: 'image/png' }],
    });
  }
}

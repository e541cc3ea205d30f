import { cpus, loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';
import { launchChromium } from '../e2e/support/browser';
import { launchServer } from '../e2e/support/launch-server';

/**
 * npm run bench:web -- [--runs N]: what the first visit costs, measured in headless Chromium
 * against the built server (npm run build first) on a fresh demo database.
 * 1. The JavaScript and CSS /login makes the browser fetch, gzip-compressed, against 150 kB of JS.
 * 2. The invoice grid's draw time: from a page of rows arriving to the rows committed to the
 *    DOM (the app's `invoices:draw` performance measure), median over several pages, against 100 ms.
 */
const LOGIN_JS_BAR_KB = 150;
const GRID_DRAW_BAR_MS = 100;

async function main() {
  const runsArg = process.argv.indexOf('--runs');
  const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 15;
  const server = await launchServer({ name: 'bench-web' });
  const browser = await launchChromium();
  try {
    const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    const loginAssets = await assetsOf(page, `${server.baseURL}/login`);
    const jsKb = sumKb(loginAssets.filter((asset) => asset.kind === 'js'));
    const cssKb = sumKb(loginAssets.filter((asset) => asset.kind === 'css'));
    console.log('/login, first visit (gzip level 9 of each file the browser requested):');
    for (const asset of loginAssets)
      console.log(`  ${asset.kind.padEnd(3)} ${kb(asset.gzip).padStart(9)}  ${asset.path}`);
    console.log(
      `  JavaScript ${jsKb.toFixed(1)} kB gzip in ${countOf(loginAssets, 'js')} files (bar ${LOGIN_JS_BAR_KB} kB): ${jsKb <= LOGIN_JS_BAR_KB ? 'OK' : 'OVER'}`,
    );
    console.log(`  CSS ${cssKb.toFixed(1)} kB gzip in ${countOf(loginAssets, 'css')} files`);

    const draws = await gridDrawTimes(page, runs);
    // Wall-clock times: they mean little without the machine's load beside them.
    const load = loadavg().map((value) => value.toFixed(1));
    const median = medianOf(draws);
    console.log(
      `invoice grid, 50 rows drawn after their data arrived (${draws.length} pages, production build; ${cpus().length} cores, load average ${load.join(' ')}):`,
    );
    console.log(
      `  median ${median.toFixed(1)} ms, min ${Math.min(...draws).toFixed(1)} ms, max ${Math.max(...draws).toFixed(1)} ms (bar ${GRID_DRAW_BAR_MS} ms): ${median < GRID_DRAW_BAR_MS ? 'OK' : 'OVER'}`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

type Asset = { path: string; kind: 'js' | 'css'; gzip: number };

/** Every script and style sheet the page requests until the network is quiet, with its gzip size. */
async function assetsOf(page: Page, url: string): Promise<Asset[]> {
  const responses: Response[] = [];
  page.on('response', (response) => responses.push(response));
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.getByTestId('sign-in').waitFor();
  page.removeAllListeners('response');
  const assets: Asset[] = [];
  for (const response of responses) {
    const type = response.request().resourceType();
    const path = new URL(response.url()).pathname;
    const kind = type === 'script' || path.endsWith('.js') ? 'js' : type === 'stylesheet' ? 'css' : null;
    if (!kind || !response.ok()) continue;
    assets.push({ path, kind, gzip: gzipSync(await response.body(), { level: 9 }).length });
  }
  return assets.sort((a, b) => b.gzip - a.gzip);
}

/** Signs demo.full in, opens the grid, then pages forward `runs` times, reading the app's measures. */
async function gridDrawTimes(page: Page, runs: number): Promise<number[]> {
  await page.getByTestId('login-name').fill('demo.full');
  await page.getByTestId('password').fill('Settle-demo-2026');
  await page.getByTestId('sign-in').click();
  await page.waitForURL('**/home');
  await page.goto(page.url().replace(/\/home.*$/, '/invoices'));
  await page.getByTestId('invoice-grid').locator('tbody tr').nth(49).waitFor();
  const draws: number[] = [];
  // Every run shows a page not seen before: the next page, or, after the last, another sort.
  const sorts = await page
    .locator('[data-testid^="sort-"]')
    .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('data-testid')!));
  for (let run = 0; run < runs; run++) {
    await page.evaluate(() => performance.clearMeasures('invoices:draw'));
    const next = page.getByTestId('page-next');
    if (await next.isEnabled()) await next.click();
    else await page.getByTestId(sorts[run % sorts.length]!).click();
    const handle = await page.waitForFunction(
      () => performance.getEntriesByName('invoices:draw')[0]?.duration,
    );
    draws.push((await handle.jsonValue()) as number);
  }
  return draws;
}

const sumKb = (assets: Asset[]) => assets.reduce((sum, asset) => sum + asset.gzip, 0) / 1000;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const countOf = (assets: Asset[], kind: Asset['kind']) =>
  assets.filter((asset) => asset.kind === kind).length;
const medianOf = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

await main();

// The e2e harness: start the real binary on a free port with a fresh database, open
// Debian's Chromium through playwright-core, and keep a screenshot of every failure.

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject, onTestFailed } from 'vitest';

const here = path.dirname(new URL(import.meta.url).pathname);
const repo = path.resolve(here, '..');

/** The flags Chromium needs on this machine (see DEVELOPERS.md). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Where a running shop is: what a test file needs to reach it. */
export interface ShopAddress {
  /** Base URL, such as http://127.0.0.1:41234 */
  url: string;
  /** The database URL the shop runs on. */
  databaseUrl: string;
  /** Where the shop writes emails when no SMTP server is configured. */
  outboxDir: string;
}

/** A shop this process started. */
export interface Shop extends ShopAddress {
  stop(): Promise<void>;
}

/** The binary the tests run. */
export const mercatoBin = (): string => process.env['MERCATO_BIN'] ?? path.join(repo, 'target/debug/mercato');

/**
 * Starts `mercato serve` on port 0 with a fresh SQLite database and the demo data.
 * `prepare` runs first with the database's URL (to store settings the server reads at start);
 * `env` adds to the server's environment (an extensions directory, say).
 */
export async function startShop(
  prepare?: (databaseUrl: string) => void,
  env: Readonly<Record<string, string>> = {},
): Promise<Shop> {
  const bin = mercatoBin();
  const assets = process.env['MERCATO_ASSETS_DIR'] ?? path.join(repo, 'web/dist');
  const dir = mkdtempSync(path.join(tmpdir(), 'mercato-e2e-'));
  const databaseUrl = `sqlite://${dir}/shop.db`;
  const outboxDir = path.join(dir, 'outbox');
  prepare?.(databaseUrl);
  const child = spawn(
    bin,
    ['serve', '--addr', '127.0.0.1:0', '--assets-dir', assets, '--demo-if-empty'],
    {
      env: { ...process.env, ...env, DATABASE_URL: databaseUrl, MERCATO_OUTBOX_DIR: outboxDir, MERCATO_LOG: 'warn' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const url = await listeningUrl(child);
  return {
    url,
    databaseUrl,
    outboxDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** How long the binary may take to start listening before the test fails. */
const START_DEADLINE_MS = 60_000;

/** Waits for the line the binary prints once it listens (at most `START_DEADLINE_MS`). */
function listeningUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!child.stdout) {
      reject(new Error('no stdout from mercato'));
      return;
    }
    const deadline = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`mercato did not listen within ${String(START_DEADLINE_MS)} ms`));
    }, START_DEADLINE_MS);
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      const match = /^mercato listening on (http:\/\/\S+)$/.exec(line);
      if (match?.[1]) {
        clearTimeout(deadline);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(deadline);
      reject(new Error(`mercato exited with code ${String(code)} before listening`));
    });
  });
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** What a test may set on its page's context: JavaScript, the viewport, a touch screen. */
export type PageOptions = Pick<BrowserContextOptions, 'javaScriptEnabled' | 'viewport' | 'hasTouch' | 'isMobile' | 'reducedMotion'>;

/** The shop of the worker running this file (global-setup.ts starts one per worker). */
function workerShop(): ShopAddress {
  const shops = inject('shops');
  const index = Number(process.env['VITEST_POOL_ID'] ?? '1') - 1;
  const shop = shops[index];
  if (!shop) throw new Error(`no shop for worker ${String(index + 1)} of ${String(shops.length)}`);
  return shop;
}

/**
 * The worker's shop and the shared browser for a test file. Each call of `newPage()` opens a
 * fresh context (fresh cookies); a failing test leaves a screenshot in e2e/artifacts/. The
 * shop is shared with the worker's other files, which run before or after this one: a test
 * makes its own cart, account and orders, and reads back only what it made.
 */
export function useShop(): {
  shop: () => ShopAddress;
  newPage: (options?: PageOptions) => Promise<Page>;
} {
  const shop = workerShop();
  // This file's visitor address (global-setup.ts: the shared shops read it from the proxy
  // header), so per-address limits count this file's shoppers only.
  const octet = () => String(1 + Math.floor(Math.random() * 254));
  const visitor = `10.${octet()}.${octet()}.${octet()}`;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await chromium.connect(inject('browserEndpoint'));
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
  });

  return {
    shop: () => shop,
    newPage: async (options = {}) => {
      if (!browser) throw new Error('browser not connected');
      const context = await browser.newContext({
        ...options,
        extraHTTPHeaders: { 'x-forwarded-for': visitor },
        baseURL: shop.url,
        javaScriptEnabled: options.javaScriptEnabled ?? true,
      });
      contexts.push(context);
      // A step that cannot complete fails on its own after 20 s with Playwright's log of what
      // it was waiting for (hidden, covered, detached...), inside the test's 30 s, instead of
      // the bare test timeout: the occasional stall of docs/testing.md then names its cause.
      context.setDefaultTimeout(20_000);
      const page = await context.newPage();
      const pageLog: string[] = [];
      page.on('console', (message) => pageLog.push(`console.${message.type()}: ${message.text()}`));
      page.on('pageerror', (error) => pageLog.push(`pageerror: ${error.message}`));
      page.on('requestfailed', (request) =>
        pageLog.push(`requestfailed: ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`),
      );
      onTestFailed(async ({ task }) => {
        const dir = path.join(here, 'artifacts');
        mkdirSync(dir, { recursive: true });
        const name = task.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
        await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true }).catch(() => undefined);
        const log = [`url: ${page.url()}`, ...pageLog].join('\n');
        writeFileSync(path.join(dir, `${name}.log`), `${log}\n`);
        console.error(`[${task.name}] page log (last 20 lines):\n${pageLog.slice(-20).join('\n')}`);
      });
      return page;
    },
  };
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Serious or critical axe-core violations of WCAG 2.2 A and AA on the page as it stands
 * (rule id and targets). axe is evaluated through the DevTools protocol: the shop's
 * Content-Security-Policy (rightly) refuses inline scripts.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    interface AxeResult {
      violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[];
    }
    const axe = (window as unknown as {
      axe: { run: (context: Document, options: unknown) => Promise<AxeResult> };
    }).axe;
    // Contrast is judged on the settled page: a card still fading in (the home page's
    // sections reveal over 0.6 s) is text at part opacity. Endless animations are not waited on.
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    );
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
  });
}

/**
 * Like [`seriousViolations`], for a page opened with JavaScript off, checked as the server
 * rendered it. Playwright's `evaluate` waits for a script context such a page never gets, so
 * axe runs through a DevTools session (`Runtime.evaluate`, which disabled scripting does not
 * stop). Timers never fire on such a page, so axe's `setTimeout` is swapped for a microtask
 * first. The page's own scripts stay off all along.
 */
export async function seriousViolationsWithoutScripts(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Runtime.evaluate', {
      expression:
        'window.setTimeout = (run, _ms, ...args) => { void Promise.resolve().then(() => run(...args)); return 0; }; window.clearTimeout = () => undefined;',
    });
    await cdp.send('Runtime.evaluate', { expression: axeSource });
    const reply = await cdp.send('Runtime.evaluate', {
      expression: `axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } })
        .then((result) => result.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => v.id + ': ' + JSON.stringify(v.nodes.map((n) => n.target))))`,
      awaitPromise: true,
      returnByValue: true,
    });
    if (reply.exceptionDetails !== undefined) {
      throw new Error(`axe failed: ${reply.exceptionDetails.text}`);
    }
    return reply.result.value as string[];
  } finally {
    await cdp.detach();
  }
}

/**
 * The names of the `name-*.js` chunks the page asks for from now on (the list fills as it
 * goes): for checking which pages fetch a lazy chunk.
 */
export function chunkRequests(page: Page, name: string): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const file = new URL(request.url()).pathname.split('/').pop() ?? '';
    if (file.startsWith(`${name}-`) && file.endsWith('.js')) {
      seen.push(file);
    }
  });
  return seen;
}

/**
 * The header's search field, ready for live search: the server's plain `searchbox` until a
 * shopper reaches for it (its code is fetched on the first focus, web/src/behaviours/lazy-chunk.ts),
 * then a combobox. Clicks it, as a shopper would, and waits for the combobox.
 */
export async function liveSearchField(scope: Locator): Promise<Locator> {
  await scope.getByRole('searchbox', { name: 'Search products' }).click();
  const field = scope.getByRole('combobox', { name: 'Search products' });
  await field.waitFor();
  return field;
}

/**
 * Waits for two animation frames: an IntersectionObserver made when the page's behaviours
 * attached has then delivered its first report, so a chunk it would fetch for a block in
 * view has been asked for.
 */
export async function observersReported(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/** Waits until the lightbox block `id` can be opened: its links say they open a dialog. */
export async function lightboxReady(page: Page, id: string): Promise<void> {
  // The entry's stand-in marks the links when it attaches; the dialog code itself comes on the
  // first hover, focus or click of one (web/src/behaviours/lightbox-on-demand.ts).
  await page.waitForFunction(
    (target) => [...document.querySelectorAll('a[href]')].some((a) => a.getAttribute('aria-haspopup') === 'dialog' && a instanceof HTMLAnchorElement && a.hash === `#${target}`),
    id,
  );
}

/**
 * Clicks Place order on the classic checkout. Until the checkout island takes the form over,
 * the page's total does not follow a rate chosen on the form (pickup instead of the flat
 * rate), so the checkout comes back once, showing the new total and asking the shopper to
 * place the order again; `refill` types again what the form never shows back (card details,
 * the account password) before the second click.
 */
export async function placeOrder(page: Page, refill?: () => Promise<void>): Promise<void> {
  const button = page.getByRole('button', { name: 'Place order' });
  await Promise.all([page.waitForEvent('load'), button.click()]);
  const changed = page.getByRole('alert').filter({ hasText: 'The total of your order has changed' });
  if ((await changed.count()) === 0) {
    return;
  }
  await refill?.();
  await Promise.all([page.waitForEvent('load'), button.click()]);
}

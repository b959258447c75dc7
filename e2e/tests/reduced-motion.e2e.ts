// SPEC §6, "User who can edit pages": with the operating system's reduced motion on, staff who
// can edit pages (a shop manager) get a console notice; a customer does not. Accounts made with
// `mercato users create` before the server starts.

import { execFileSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, mercatoBin, seriousViolations, startShop, type Shop } from '../harness';
import type { Browser } from 'playwright-core';

const PASSWORD = 'correct horse battery staple';
const NOTICE = /^Reduced motion is on in this device’s settings/;

let shop: Shop | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  [shop, browser] = await Promise.all([
    startShop((databaseUrl) => {
      const env = { ...process.env, DATABASE_URL: databaseUrl, MERCATO_LOG: 'warn' };
      execFileSync(mercatoBin(), ['migrate'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
      for (const [email, role] of [
        ['manager@example.com', 'shop_manager'],
        ['customer@example.com', 'customer'],
      ] as const) {
        execFileSync(mercatoBin(), ['users', 'create', '--email', email, '--role', role], {
          env,
          input: `${PASSWORD}\n`,
          stdio: ['pipe', 'ignore', 'inherit'],
        });
      }
    }),
    launchBrowser(),
  ]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

/** A page with reduced motion on, logged in as `email`, collecting its console messages. */
async function loggedIn(email: string): Promise<{ page: Page; messages: string[] }> {
  if (shop === undefined || browser === undefined) throw new Error('shop not started');
  const context = await browser.newContext({ baseURL: shop.url, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const messages: string[] = [];
  page.on('console', (message) => messages.push(message.text()));
  await page.goto('/my-account/');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Username or email address').fill(email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('navigation', { name: 'Account pages' }).waitFor();
  return { page, messages };
}

/** Opens the home page and waits until its script has started and every message is in. */
async function openHome(page: Page, messages: string[]): Promise<void> {
  messages.length = 0;
  await page.goto('/');
  // The announcer is made by the same start-up step that writes the notice, just before it.
  await page.waitForFunction(() => document.getElementById('mercato-announcer') !== null);
  // Console messages arrive in order: once this one is in, any notice is too.
  const marker = page.waitForEvent('console', (m) => m.text() === 'e2e: start-up done');
  await page.evaluate(() => {
    console.info('e2e: start-up done');
  });
  await marker;
}

describe('the reduced-motion console notice', () => {
  it('is shown to a shop manager, who can edit pages', async () => {
    const { page } = await loggedIn('manager@example.com');
    // The notice's module is fetched for staff only, so it is written a moment after
    // start-up: the account page's own notice may still arrive once the list is emptied.
    // The home page is opened in a tab of its own, and its notice is waited for.
    const home = await page.context().newPage();
    const homeMessages: string[] = [];
    home.on('console', (message) => homeMessages.push(message.text()));
    await openHome(home, homeMessages);
    await expect.poll(() => homeMessages.filter((m) => NOTICE.test(m)).length).toBe(1);
    expect(await seriousViolations(home)).toEqual([]);
    await page.context().close();
  });

  it('is not shown to a customer', async () => {
    const { page, messages } = await loggedIn('customer@example.com');
    await openHome(page, messages);
    expect(messages).toContain('e2e: start-up done');
    expect(messages.filter((m) => NOTICE.test(m))).toEqual([]);
    await page.context().close();
  });
});

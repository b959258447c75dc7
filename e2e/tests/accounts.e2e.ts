// Customer accounts without a popup (issue 13, first slice), with JavaScript off and on:
// registering on /my-account/, logging out and in again; a guest who opened an account at
// checkout finding the order after logging in elsewhere; a password reset from the email in
// the outbox; and axe-core on every account page.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { placeOrder, seriousViolations, useShop } from '../harness';

const { newPage, shop } = useShop();
const PASSWORD = 'correct horse battery staple';

function loginForm(page: Page) {
  return page.getByRole('form', { name: 'Login' });
}

function registerForm(page: Page) {
  return page.getByRole('form', { name: 'Register' });
}

function accountPages(page: Page) {
  return page.getByRole('navigation', { name: 'Account pages' });
}

async function register(page: Page, email: string): Promise<void> {
  await page.goto('/my-account/');
  const form = registerForm(page);
  await form.getByLabel('Email address').fill(email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByLabel('First name (optional)').fill('Robin');
  await form.getByRole('button', { name: 'Register' }).click();
  await accountPages(page).waitFor();
}

async function logIn(page: Page, login: string, password: string): Promise<void> {
  await page.goto('/my-account/');
  const form = loginForm(page);
  await form.getByLabel('Username or email address').fill(login);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('checkbox', { name: 'Remember me' }).check();
  await form.getByRole('button', { name: 'Log in' }).click();
}

async function logOut(page: Page): Promise<void> {
  await accountPages(page).getByRole('link', { name: 'Log out' }).click();
  await loginForm(page).waitFor();
  await page.getByRole('banner').getByRole('link', { name: 'Log in', exact: true }).waitFor();
}

/** Places an order as a guest who ticks "Create an account?"; returns the order number. */
async function orderOpeningAnAccount(page: Page, email: string): Promise<string> {
  await page.goto('/product/classic-zip-hoodie/');
  await page.getByRole('radiogroup', { name: 'Color' }).getByRole('radio', { name: 'Black' }).check();
  await page.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { name: 'L', exact: true }).check();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('status').filter({ hasText: 'has been added to your cart.' }).waitFor();
  await page.goto('/checkout/');
  await page.getByRole('radio', { name: /Mercato Studio/ }).check();
  const billing = page.getByRole('group', { name: 'Billing details' });
  await billing.getByLabel('First name').fill('Kim');
  await billing.getByLabel('Last name').fill('Buyer');
  await billing.getByLabel('Country / Region').selectOption('US');
  await billing.getByLabel('Street address').fill('12 Account Road');
  await billing.getByLabel('Town / City').fill('San Francisco');
  await billing.getByLabel('State').selectOption('CA');
  await billing.getByLabel('ZIP Code').fill('94103');
  await billing.getByLabel('Email address').fill(email);
  await page.getByRole('checkbox', { name: 'Create an account?' }).check();
  await page.getByLabel('Create account password').fill(PASSWORD);
  await page.getByRole('radio', { name: 'Cash on delivery' }).check();
  await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
  await placeOrder(page, () => page.getByLabel('Create account password').fill(PASSWORD));
  await page.waitForURL(/\/checkout\/order-received\/\d+\/\?key=wc_order_/);
  const number = await page.locator('.woocommerce-order-overview .order strong').textContent();
  return number ?? '';
}

/** The reset link of the newest reset email to `email` in the shop's outbox. */
function resetLinkFor(email: string): string | undefined {
  const dir = shop().outboxDir;
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml')).sort();
  } catch {
    return undefined;
  }
  for (const file of files.reverse()) {
    const text = readFileSync(path.join(dir, file), 'utf8');
    if (text.includes(`To: ${email}`) && text.includes('Password Reset Request')) {
      return /https?:\/\/\S+\/my-account\/lost-password\/\?key=[0-9a-f]+&login=\d+/.exec(text)?.[0];
    }
  }
  return undefined;
}

describe('customer accounts', () => {
  for (const javaScriptEnabled of [false, true]) {
    const mode = `JavaScript ${javaScriptEnabled ? 'on' : 'off'}`;

    it(`registers, logs out and logs in again (${mode})`, async () => {
      const page = await newPage({ javaScriptEnabled });
      const email = `robin.${String(javaScriptEnabled)}@example.com`;
      await page.goto('/');
      await page.getByRole('banner').getByRole('link', { name: 'Log in', exact: true }).click();
      await loginForm(page).waitFor();
      await register(page, email);
      await page.getByRole('banner').getByRole('link', { name: 'My account', exact: true }).waitFor();
      expect(await page.getByRole('main').textContent()).toContain('Hello Robin');
      await logOut(page);

      await logIn(page, email, 'not the password');
      await page.getByRole('alert').filter({ hasText: 'The username or password you entered is incorrect.' }).waitFor();
      await logIn(page, email, PASSWORD);
      await accountPages(page).getByRole('link', { name: 'Dashboard' }).waitFor();
    });

    it(`shows an order placed at checkout after logging in elsewhere (${mode})`, async () => {
      const email = `kim.${String(javaScriptEnabled)}@example.com`;
      const buyer = await newPage({ javaScriptEnabled });
      const number = await orderOpeningAnAccount(buyer, email);
      expect(number).toMatch(/^\d+$/);

      const elsewhere = await newPage({ javaScriptEnabled });
      await logIn(elsewhere, email, PASSWORD);
      await accountPages(elsewhere).getByRole('link', { name: 'Orders' }).click();
      const row = elsewhere.getByRole('row', { name: new RegExp(`#${number}`) });
      await row.waitFor();
      expect(await row.textContent()).toContain('Processing');
      await row.getByRole('link', { name: `View order number ${number}` }).click();
      await elsewhere.getByRole('heading', { name: `Order #${number}` }).waitFor();
      expect(await elsewhere.getByRole('main').textContent()).toContain('12 Account Road');
      expect(await elsewhere.getByRole('main').textContent()).toContain('Classic Zip Hoodie');
    });

    it(`resets a forgotten password from the email (${mode})`, async () => {
      const email = `reset.${String(javaScriptEnabled)}@example.com`;
      const owner = await newPage({ javaScriptEnabled });
      await register(owner, email);

      const page = await newPage({ javaScriptEnabled });
      await page.goto('/my-account/');
      await loginForm(page).getByRole('link', { name: 'Lost your password?' }).click();
      await page.getByRole('textbox', { name: 'Username or email' }).fill(email);
      await page.getByRole('button', { name: 'Reset password' }).click();
      await page.getByRole('status').filter({ hasText: 'Password reset email has been sent.' }).waitFor();

      const link = await vi.waitFor(
        () => {
          const found = resetLinkFor(email);
          if (!found) throw new Error('no reset email yet');
          return found;
        },
        { timeout: 15_000, interval: 250 },
      );
      await page.goto(new URL(link).pathname + new URL(link).search);
      await page.getByLabel(/^New password/).fill('a new and better secret');
      await page.getByLabel('Re-enter new password').fill('a new and better secret');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('status').filter({ hasText: 'Your password has been reset successfully.' }).waitFor();

      // The old session ended with the reset; the new password works, the link only once.
      await owner.goto('/my-account/');
      await loginForm(owner).waitFor();
      await logIn(page, email, 'a new and better secret');
      await accountPages(page).waitFor();
      await page.goto(new URL(link).pathname + new URL(link).search);
      await page.getByRole('alert').filter({ hasText: 'This key is invalid or has already been used.' }).waitFor();
    }, 60_000);
  }

  it('has no serious accessibility problem on any account page', async () => {
    const page = await newPage();
    const check = async (what: string) => {
      expect({ what, violations: await seriousViolations(page) }).toEqual({ what, violations: [] });
    };
    await page.goto('/my-account/');
    await check('login and register');
    await logIn(page, 'nobody@example.com', 'wrong');
    await page.getByRole('alert').first().waitFor();
    await check('a refused login');
    await page.goto('/my-account/lost-password/');
    await check('lost password');

    const number = await orderOpeningAnAccount(page, 'axe@example.com');
    for (const [link, heading] of [
      ['Dashboard', 'My account'],
      ['Orders', 'Orders'],
      ['Downloads', 'Downloads'],
      ['Addresses', 'Addresses'],
      ['Payment methods', 'Payment methods'],
      ['Account details', 'Account details'],
    ] as const) {
      await page.goto('/my-account/');
      await accountPages(page).getByRole('link', { name: link }).click();
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await check(link);
    }
    await page.goto('/my-account/orders/');
    await page.getByRole('link', { name: `View order number ${number}` }).click();
    await page.getByRole('heading', { name: `Order #${number}` }).waitFor();
    await check('order view');
    await page.goto('/my-account/customer-logout/');
    await page.getByRole('button', { name: 'Confirm and log out' }).waitFor();
    await check('logout confirmation');
    await page.getByRole('button', { name: 'Confirm and log out' }).click();
    await loginForm(page).waitFor();
  }, 120_000);
});

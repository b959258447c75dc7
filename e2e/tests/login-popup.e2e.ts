// The header's login popup (issue 13, SPEC §2.1) with JavaScript: a guest's `Log in` opens a
// modal dialog named "Log in" with the login and register forms; registering and logging in
// from it come back to the page, logged in; a wrong password comes back with the popup open
// and the error inside it; Escape and Close give the focus back to `Log in`. Password fields
// have a Show password / Hide password toggle, and the register password's description shows
// at the field. Without JavaScript the link leads to /my-account/, whose forms do the same,
// with no toggle button and the description always shown. axe finds nothing serious with the
// popup open.

import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations, useShop } from '../harness';

const { newPage } = useShop();
const PASSWORD = 'correct horse battery staple';
const BAD_LOGIN = 'The username or password you entered is incorrect.';
const HINT = 'A long password is a strong one';

const banner = (page: Page) => page.getByRole('banner');
const logInLink = (page: Page) => banner(page).getByRole('link', { name: 'Log in', exact: true });
const myAccountLink = (page: Page) => banner(page).getByRole('link', { name: 'My account', exact: true });
const popup = (page: Page) => page.getByRole('dialog', { name: 'Log in' });
const loginForm = (scope: Page | Locator) => scope.getByRole('form', { name: 'Login' });
const registerForm = (scope: Page | Locator) => scope.getByRole('form', { name: 'Register' });

async function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => el === document.activeElement);
}

async function focusIsInside(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => el.contains(document.activeElement));
}

async function logOut(page: Page): Promise<void> {
  await page.goto('/my-account/');
  await page.getByRole('navigation', { name: 'Account pages' }).getByRole('link', { name: 'Log out' }).click();
  await logInLink(page).waitFor();
}

describe('with JavaScript', () => {
  it('registers from the popup, logs out and logs in again from it, back on the same page', async () => {
    const page = await newPage();
    const email = 'popup.robin@example.com';
    await page.goto('/shop/?orderby=price');
    await logInLink(page).click();
    const dialog = popup(page);
    await registerForm(dialog).waitFor();
    // The focus moved in, to the first field.
    expect(await isFocused(loginForm(dialog).getByLabel('Username or email address'))).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/shop/');

    const register = registerForm(dialog);
    await register.getByLabel('Email address').fill(email);
    const password = register.getByLabel('Password');
    await password.fill(PASSWORD);
    // The description shows at the field; Escape hides it and leaves the popup open.
    const hint = register.getByText(HINT);
    await hint.waitFor();
    // (The strength hint, password-hint.e2e.ts, is named after it.)
    expect((await password.getAttribute('aria-describedby'))?.split(' ')[0]).toBe('popup-reg_password-description');
    await page.keyboard.press('Escape');
    await hint.waitFor({ state: 'hidden' });
    expect(await dialog.isVisible()).toBe(true);
    // The toggle shows the text and hides it again.
    await register.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    expect(await password.inputValue()).toBe(PASSWORD);
    await register.getByRole('button', { name: 'Hide password' }).click();
    expect(await password.getAttribute('type')).toBe('password');

    await register.getByLabel('First name (optional)').fill('Robin');
    await register.getByRole('button', { name: 'Register' }).click();
    await myAccountLink(page).waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/shop/?orderby=price');

    await logOut(page);
    await page.goto('/product/classic-zip-hoodie/');
    await logInLink(page).click();
    const login = loginForm(popup(page));
    await login.getByLabel('Username or email address').fill(email);
    await login.getByLabel('Password').fill(PASSWORD);
    await login.getByRole('button', { name: 'Log in' }).click();
    await myAccountLink(page).waitFor();
    expect(new URL(page.url()).pathname).toBe('/product/classic-zip-hoodie/');
  }, 60_000);

  it('comes back with the popup open and the error inside after a wrong password', async () => {
    const page = await newPage();
    const email = 'popup.wrong@example.com';
    // An account to log in to, registered on the account page.
    await page.goto('/my-account/');
    await registerForm(page).getByLabel('Email address').fill(email);
    await registerForm(page).getByLabel('Password').fill(PASSWORD);
    await registerForm(page).getByRole('button', { name: 'Register' }).click();
    await myAccountLink(page).waitFor();
    await logOut(page);

    await page.goto('/cart/');
    await logInLink(page).click();
    let login = loginForm(popup(page));
    await login.getByLabel('Username or email address').fill(email);
    await login.getByLabel('Password').fill('not the password');
    await login.getByRole('button', { name: 'Log in' }).click();

    // Back on the cart page: the popup opened by itself, modal, the error inside it.
    await page.waitForURL((url) => url.pathname === '/cart/' && url.search === '');
    const dialog = popup(page);
    await dialog.getByRole('alert').filter({ hasText: BAD_LOGIN }).waitFor();
    expect(await dialog.evaluate((el) => el.matches(':modal'))).toBe(true);
    login = loginForm(dialog);
    const username = login.getByLabel('Username or email address');
    expect(await username.inputValue()).toBe(email);
    expect(await login.getByLabel('Password').inputValue()).toBe('');
    expect(await focusIsInside(dialog)).toBe(true);
    expect(await seriousViolations(page), 'popup open with an error').toEqual([]);

    // Close gives the focus back to the header link; Log in opens the popup again.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await isFocused(logInLink(page))).toBe(true);
    await logInLink(page).click();
    await dialog.waitFor();
    await login.getByLabel('Password').fill(PASSWORD);
    await login.getByRole('button', { name: 'Log in' }).click();
    await myAccountLink(page).waitFor();
    expect(new URL(page.url()).pathname).toBe('/cart/');
  }, 60_000);

  it('closes on Escape with the focus back on Log in, and has no serious axe violation open', async () => {
    const page = await newPage();
    await page.goto('/');
    await logInLink(page).click();
    const dialog = popup(page);
    await loginForm(dialog).waitFor();
    expect(await seriousViolations(page), 'popup open').toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await isFocused(logInLink(page))).toBe(true);

    await page.keyboard.press('Enter');
    await dialog.waitFor();
    expect(await focusIsInside(dialog)).toBe(true);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await isFocused(logInLink(page))).toBe(true);
  });

  it('puts a toggle on every password field of the account pages', async () => {
    const page = await newPage();
    await page.goto('/my-account/');
    // The toggles come with the account forms' chunk, after the page's load: wait for them.
    await expect.poll(() => page.getByRole('button', { name: 'Show password' }).count()).toBe(2);
    await registerForm(page).getByLabel('Email address').fill('toggles@example.com');
    await registerForm(page).getByLabel('Password').fill(PASSWORD);
    await registerForm(page).getByRole('button', { name: 'Register' }).click();
    await page.getByRole('navigation', { name: 'Account pages' }).getByRole('link', { name: 'Account details' }).click();
    await page.getByRole('heading', { name: 'Account details', level: 1 }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Show password' }).count()).toBe(3);
    const current = page.getByLabel('Current password (leave blank to leave unchanged)');
    await current.fill('typed');
    await page.getByRole('button', { name: 'Show password' }).first().click();
    expect(await current.getAttribute('type')).toBe('text');
    // The display name's description shows on a click, hides on a click outside.
    const description = page.getByText('This will be how your name will be displayed');
    expect(await description.isVisible()).toBe(false);
    await page.getByLabel('Display name').click();
    await description.waitFor();
    await page.getByRole('heading', { name: 'Account details', level: 1 }).click();
    await description.waitFor({ state: 'hidden' });
  }, 60_000);
});

describe('without JavaScript', () => {
  it('goes to /my-account/ from Log in, registers, logs out and logs in there', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    const email = 'nojs.popup@example.com';
    await page.goto('/shop/');
    await logInLink(page).click();
    await page.waitForURL((url) => url.pathname === '/my-account/');
    expect(await popup(page).count()).toBe(0);
    // No toggle buttons; the description shows as it is.
    expect(await page.getByRole('button', { name: 'Show password' }).count()).toBe(0);
    await registerForm(page).getByText(HINT).waitFor();

    await registerForm(page).getByLabel('Email address').fill(email);
    await registerForm(page).getByLabel('Password').fill(PASSWORD);
    await registerForm(page).getByRole('button', { name: 'Register' }).click();
    await myAccountLink(page).waitFor();
    await logOut(page);

    await page.goto('/');
    await logInLink(page).click();
    await page.waitForURL((url) => url.pathname === '/my-account/');
    await loginForm(page).getByLabel('Username or email address').fill(email);
    await loginForm(page).getByLabel('Password').fill('wrong');
    await loginForm(page).getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('alert').filter({ hasText: BAD_LOGIN }).waitFor();
    await loginForm(page).getByLabel('Password').fill(PASSWORD);
    await loginForm(page).getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('navigation', { name: 'Account pages' }).waitFor();
    await myAccountLink(page).waitFor();
  }, 60_000);
});

// The new-password strength hint (issue 21) with JavaScript: on the register form of
// /my-account/ and in the login popup's, typing `abc` says the password is too short, a
// common password that it is too easy to guess, a long passphrase that it is strong. The hint
// follows the field, is named by its aria-describedby and announced politely; its chunk (with
// zxcvbn) is fetched only once the shopper reaches the field. axe finds nothing serious with
// the hint shown.

import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chunkRequests, observersReported, seriousViolations, useShop } from '../harness';

const { newPage } = useShop();

const TOO_SHORT = 'Too short: use at least 8 characters.';
const TOO_EASY = /^Too easy to guess\./;

const registerForm = (scope: Page | Locator) => scope.getByRole('form', { name: 'Register' });

/** The element the field's aria-describedby names last: the strength hint. */
async function describedLast(field: Locator): Promise<{ text: string; live: string | null }> {
  return field.evaluate((el) => {
    const id = (el.getAttribute('aria-describedby') ?? '').split(' ').at(-1) ?? '';
    const hint = document.getElementById(id);
    return { text: hint?.textContent ?? '', live: hint?.getAttribute('aria-live') ?? null };
  });
}

/**
 * Types `password` into the form's password field key by key (or pastes it: one input event,
 * so the hint says nothing in between) and waits for the hint to say `expected`.
 */
async function typeAndRead(form: Locator, password: string, expected: string | RegExp, paste = false): Promise<void> {
  const field = form.getByLabel('Password');
  await field.fill('');
  if (paste) {
    await field.fill(password);
  } else {
    await field.pressSequentially(password);
  }
  await form.getByText(expected, { exact: true }).waitFor();
  const hint = await describedLast(field);
  expect(hint.live).toBe('polite');
  expect(hint.text).toMatch(expected);
}

async function hintsAsTheShopperTypes(page: Page, form: Locator): Promise<void> {
  await form.getByLabel('Email address').fill('robin.hint@example.com');
  await typeAndRead(form, 'abc', TOO_SHORT);
  await typeAndRead(form, 'password', TOO_EASY);
  // The shopper's own address is refused like a common password.
  await typeAndRead(form, 'robin.hint', TOO_EASY, true);
  await typeAndRead(form, 'purple otter sings loudly at noon', 'Strong');
  expect(await seriousViolations(page)).toEqual([]);
  await typeAndRead(form, 'iloveyou', TOO_EASY);
  expect(await seriousViolations(page)).toEqual([]);
}

describe('with JavaScript', () => {
  it('hints on the account page, fetching the hint only when the shopper reaches the field', async () => {
    const page = await newPage();
    const chunks = chunkRequests(page, 'password-strength');
    await page.goto('/my-account/');
    const form = registerForm(page);
    await form.waitFor();
    // Typing in the login form's password (a current password) fetches nothing either.
    await page.getByRole('form', { name: 'Login' }).getByLabel('Password').fill('not new');
    await observersReported(page);
    expect(chunks).toEqual([]);

    await form.getByLabel('Password').focus();
    await expect.poll(() => chunks.length).toBe(1);
    await hintsAsTheShopperTypes(page, form);
    expect(chunks).toHaveLength(1);
  });

  it('hints in the login popup, whose forms come later', async () => {
    const page = await newPage();
    await page.goto('/shop/');
    await page.getByRole('banner').getByRole('link', { name: 'Log in', exact: true }).click();
    const form = registerForm(page.getByRole('dialog', { name: 'Log in' }));
    await form.waitFor();
    await hintsAsTheShopperTypes(page, form);
  });
});

// The password rule as the server applies it (security review 2, issue 21), with JavaScript
// off: registering with `abc` is refused with the reason by the password field (its
// accessible description), nothing is lost that was typed, and a longer passphrase then
// registers. With JavaScript the strength hint speaks first; this is the rule behind it.

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolationsWithoutScripts, useShop } from '../harness';

const { newPage } = useShop();

function registerForm(page: Page) {
  return page.getByRole('form', { name: 'Register' });
}

describe('the password rule without JavaScript', () => {
  it('refuses a short password by the field, then takes a passphrase', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto('/my-account/');
    let form = registerForm(page);
    await form.getByLabel('Email address').fill('rule-e2e@example.com');
    await form.getByLabel('Password').fill('abc');
    await form.getByRole('button', { name: 'Register' }).click();

    form = registerForm(page);
    const password = form.getByLabel('Password');
    await expect.poll(() => password.getAttribute('aria-invalid')).toBe('true');
    const described = await password.evaluate((input) =>
      (input.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );
    expect(described).toContain('at least 8 characters');
    expect(await form.getByLabel('Email address').inputValue()).toBe('rule-e2e@example.com');
    expect(await seriousViolationsWithoutScripts(page)).toEqual([]);

    await password.fill('a sturdy passphrase for e2e');
    await form.getByRole('button', { name: 'Register' }).click();
    await page.getByRole('navigation', { name: 'Account pages' }).waitFor();
  });
});

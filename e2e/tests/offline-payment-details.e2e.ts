// Bank transfer and check: what the shopper needs to pay comes from the gateway's settings
// (the demo's studio account and address) and is on the order-received page and in the
// order email; no page promises details it does not give, or a placeholder address.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { placeOrder, seriousViolationsWithoutScripts, useShop } from '../harness';

const { newPage, shop } = useShop();

/** The emails in the outbox that mention `text` (the worker sends them in the background). */
function emailsMentioning(text: string): string[] {
  const dir = shop().outboxDir;
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => readFileSync(path.join(dir, name), 'utf8'))
    .filter((body) => body.includes(text));
}

/** Orders a lanyard for pickup, paid with `method`; lands on the order-received page. */
async function orderWith(page: Page, method: string, email: string): Promise<void> {
  await page.goto('/product/woven-lanyard/');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('status').filter({ hasText: 'has been added to your cart.' }).waitFor();
  await page.goto('/checkout/');
  await page.getByRole('radio', { name: /Mercato Studio/ }).check();
  const billing = page.getByRole('group', { name: 'Billing details' });
  await billing.getByLabel('First name').fill('Jo');
  await billing.getByLabel('Last name').fill('Payer');
  await billing.getByLabel('Country / Region').selectOption('US');
  await billing.getByLabel('Street address').fill('1 Main Street');
  await billing.getByLabel('Town / City').fill('San Francisco');
  await billing.getByLabel('State').selectOption('CA');
  await billing.getByLabel('ZIP Code').fill('94103');
  await billing.getByLabel('Email address').fill(email);
  await page.getByRole('radio', { name: method }).check();
  // No placeholder address anywhere on the checkout.
  expect(await page.getByText('Store Street').count()).toBe(0);
  await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
  await placeOrder(page);
  await page.waitForURL(/\/checkout\/order-received\/\d+\/\?key=wc_order_/);
  await page.getByRole('heading', { name: 'Order received' }).waitFor();
}

describe('offline payment details', () => {
  it('gives the bank account for a bank transfer, on the page and in the email', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await orderWith(page, 'Direct bank transfer', 'transfer@example.com');
    const details = page.getByRole('region', { name: 'Our bank details' });
    await details.getByText('Account number: 000123456789').waitFor();
    await details.getByText('Bank: Mission Community Bank').waitFor();
    await details.getByRole('heading', { name: 'Mercato Studio LLC:' }).waitFor();
    await page.getByText(/with your order number as the reference/).waitFor();
    expect(await page.getByText('sent with the order email').count()).toBe(0);
    expect(await seriousViolationsWithoutScripts(page)).toEqual([]);
    await vi.waitFor(
      () => {
        expect(emailsMentioning('transfer@example.com').filter((body) => body.includes('000123456789')).length).toBeGreaterThanOrEqual(1);
      },
      { timeout: 15_000, interval: 200 },
    );
  });

  it('says where to send a check', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await orderWith(page, 'Check payments', 'check@example.com');
    await page.getByText(/send it to Mercato Studio, 600 Valencia St, San Francisco, CA 94110/).waitFor();
    expect(await page.getByRole('region', { name: 'Our bank details' }).count()).toBe(0);
    await vi.waitFor(
      () => {
        expect(emailsMentioning('check@example.com').filter((body) => body.includes('600 Valencia St')).length).toBeGreaterThanOrEqual(1);
      },
      { timeout: 15_000, interval: 200 },
    );
  });
});

// The block checkout (issue 24): with JavaScript, /checkout/ is the `checkout` island drawn
// from the data the page embeds. A guest buys with cash on delivery, bank transfer and check
// without a reload before the order-received page; a postcode error shown when the field is
// left blocks the order; a double click on Place Order makes one order; a refusal the server
// alone makes (its stricter email rule) lands on its field; a declined card leaves the form
// and the cart as they were; a returning customer pays with their saved card and with the
// express button; keyboard alone
// completes a purchase; axe-core on the empty checkout, with errors shown and on the
// order-received page. Without
// JavaScript the page is the classic form (checkout.e2e.ts).

import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations, useShop } from '../harness';

const { newPage } = useShop();

/** Puts a Woven Lanyard in the cart from its page. */
async function addLanyard(page: Page): Promise<void> {
  await page.goto('/product/woven-lanyard/');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('banner').getByRole('link', { name: /^Cart, 1 item, / }).waitFor();
}

/** Opens the checkout and waits for the island (only it has the contact step). */
async function openCheckout(page: Page): Promise<void> {
  await page.goto('/checkout/');
  await page.getByRole('group', { name: 'Contact information' }).waitFor();
}

/** The POST /checkout requests the page makes. */
function checkoutPosts(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/wc\/store\/v1\/checkout(\?|$)/.test(request.url())) {
      seen.push(request);
    }
  });
  return seen;
}

/** The accessible name of the focused element (its label, labelling element or text). */
async function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!(el instanceof HTMLElement)) return '';
    const by = el.getAttribute('aria-labelledby');
    const labelled = by === null ? '' : by.split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
    const label = el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement ? (el.labels?.[0]?.textContent ?? '') : '';
    return (el.getAttribute('aria-label') ?? (labelled || label || el.textContent)).trim();
  });
}

/** Presses Tab until the focused element's name matches `name` (at most 80 presses). */
async function tabTo(page: Page, name: string | RegExp): Promise<void> {
  for (let i = 0; i < 80; i += 1) {
    await page.keyboard.press('Tab');
    const focused = await focusedName(page);
    if (typeof name === 'string' ? focused === name : name.test(focused)) return;
  }
  throw new Error(`Tab never reached ${String(name)}`);
}

/** In a focused radio group, moves with the arrow keys to the radio named `name`. */
async function arrowTo(page: Page, name: string | RegExp): Promise<void> {
  for (let i = 0; i < 10; i += 1) {
    const focused = await focusedName(page);
    if (typeof name === 'string' ? focused === name : name.test(focused)) return;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`the arrow keys never reached ${String(name)}`);
}

async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    document.documentElement.dataset.testMark = 'same page';
  });
}

async function stillSamePage(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.dataset.testMark === 'same page');
}

/** Fills the contact and shipping steps with a San Francisco address. */
async function fillAddress(page: Page, email: string, postcode = '94103'): Promise<void> {
  await page.getByRole('group', { name: 'Contact information' }).getByRole('textbox', { name: 'Email address' }).fill(email);
  const shipping = page.getByRole('group', { name: 'Shipping address' });
  await shipping.getByRole('combobox', { name: 'Country/Region' }).selectOption('US');
  await shipping.getByRole('textbox', { name: 'First name' }).fill('Jo');
  await shipping.getByRole('textbox', { name: 'Last name' }).fill('Block');
  await shipping.getByRole('textbox', { name: 'Address', exact: true }).fill('1 Main Street');
  await shipping.getByRole('textbox', { name: 'City' }).fill('San Francisco');
  await shipping.getByRole('combobox', { name: 'State' }).selectOption('CA');
  await shipping.getByRole('textbox', { name: 'ZIP Code' }).fill(postcode);
  await shipping.getByRole('textbox', { name: 'ZIP Code' }).press('Tab');
}

/** Ships at the flat rate, chooses `method` to pay, accepts the terms. */
async function chooseAndAccept(page: Page, method: string): Promise<void> {
  await page.getByRole('group', { name: 'Shipping options' }).getByRole('radio', { name: /^Flat rate/ }).check();
  await page.getByRole('group', { name: 'Payment options' }).getByRole('radio', { name: method }).check();
  await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
}

async function orderReceived(page: Page): Promise<void> {
  await page.waitForURL(/\/checkout\/order-received\/\d+\/\?key=wc_order_/);
  await page.getByRole('heading', { name: 'Order received' }).waitFor();
}

describe('the block checkout', () => {
  it('takes over the page, passes axe empty, and a guest buys with cash on delivery', async () => {
    const page = await newPage();
    await addLanyard(page);
    await openCheckout(page);
    // The classic form is gone: only the island's steps are on the page.
    expect(await page.locator('form[name="checkout"]').count()).toBe(0);
    expect(await page.getByRole('checkbox', { name: 'Use same address for billing' }).isChecked()).toBe(true);
    expect(await seriousViolations(page), 'empty checkout').toEqual([]);
    await markPage(page);
    await fillAddress(page, 'cod.block@example.com');
    await chooseAndAccept(page, 'Cash on delivery');
    await page.getByRole('textbox', { name: 'Add a note to your order' }).fill('Ring twice');
    expect(await stillSamePage(page)).toBe(true);
    await page.getByRole('button', { name: 'Place Order' }).click();
    await orderReceived(page);
    const overview = page.locator('.woocommerce-order-overview');
    expect(await overview.textContent()).toContain('cod.block@example.com');
    expect(await overview.textContent()).toContain('Cash on delivery');
    await page.getByRole('link', { name: /^Cart, 0 items,/ }).waitFor();
  });

  it('a guest buys with bank transfer and is given the bank details', async () => {
    const page = await newPage();
    await addLanyard(page);
    await openCheckout(page);
    await markPage(page);
    await fillAddress(page, 'bacs.block@example.com');
    await chooseAndAccept(page, 'Direct bank transfer');
    expect(await stillSamePage(page)).toBe(true);
    await page.getByRole('button', { name: 'Place Order' }).click();
    await orderReceived(page);
    await page.getByRole('region', { name: 'Our bank details' }).getByText('Account number: 000123456789').waitFor();
    expect(await seriousViolations(page), 'order received').toEqual([]);
  });

  it('a guest buys with a check and is told where to send it', async () => {
    const page = await newPage();
    await addLanyard(page);
    await openCheckout(page);
    await fillAddress(page, 'cheque.block@example.com');
    await chooseAndAccept(page, 'Check payments');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await orderReceived(page);
    await page.getByText(/send it to Mercato Studio, 600 Valencia St, San Francisco, CA 94110/).waitFor();
  });

  it('a postcode error shown when the field is left blocks the order, and passes axe', async () => {
    const page = await newPage();
    await addLanyard(page);
    await openCheckout(page);
    const posts = checkoutPosts(page);
    await fillAddress(page, 'zip.block@example.com', 'ABC');
    const zip = page.getByRole('group', { name: 'Shipping address' }).getByRole('textbox', { name: 'ZIP Code' });
    await page.getByRole('alert').filter({ hasText: 'Please enter a valid zip code' }).waitFor();
    expect(await zip.getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('group', { name: 'Payment options' }).getByRole('radio', { name: 'Cash on delivery' }).check();
    await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please fix the following errors before continuing' }).waitFor();
    await expect.poll(() => zip.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await seriousViolations(page), 'errors shown').toEqual([]);
    expect(posts).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/checkout/');
  });

  it('a double click on Place Order makes one order', async () => {
    const page = await newPage();
    await addLanyard(page);
    await openCheckout(page);
    const posts = checkoutPosts(page);
    await fillAddress(page, 'double.block@example.com');
    await chooseAndAccept(page, 'Cash on delivery');
    await page.getByRole('button', { name: 'Place Order' }).dblclick();
    await orderReceived(page);
    expect(posts).toHaveLength(1);
  });

  it('an email only the server refuses lands on the email field', async () => {
    const page = await newPage();
    await addLanyard(page);
    await openCheckout(page);
    await markPage(page);
    // The browser's rule takes it; WordPress's, the server's, wants a dot in the domain.
    await fillAddress(page, 'jo@example');
    await chooseAndAccept(page, 'Cash on delivery');
    await page.getByRole('button', { name: 'Place Order' }).click();
    const email = page.getByRole('group', { name: 'Contact information' }).getByRole('textbox', { name: 'Email address' });
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    const describedBy = await email.getAttribute('aria-describedby');
    expect(await page.locator(`#${describedBy ?? 'none'}`).textContent()).toBe('The provided email address is not valid');
    expect(await stillSamePage(page)).toBe(true);
    // Corrected, the order goes through.
    await email.fill('jo@example.com');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await orderReceived(page);
  });

  it('a declined card leaves the form usable and the cart intact', async () => {
    const page = await newPage();
    await addLanyard(page);
    await openCheckout(page);
    await markPage(page);
    await fillAddress(page, 'declined.block@example.com');
    await page.getByRole('group', { name: 'Shipping options' }).getByRole('radio', { name: /^Flat rate/ }).check();
    await page.getByRole('group', { name: 'Payment options' }).getByRole('radio', { name: 'Credit card (test mode)' }).check();
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByLabel('Expiry (MM/YY)').fill('12/40');
    await page.getByLabel('Card code').fill('123');
    await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
    expect(await stillSamePage(page)).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/checkout/');
    expect(await page.getByRole('group', { name: 'Shipping address' }).getByRole('textbox', { name: 'City' }).inputValue()).toBe('San Francisco');
    await page.getByRole('banner').getByRole('link', { name: /^Cart, 1 item, / }).waitFor();
    // Another card, and the order goes through.
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await orderReceived(page);
  });

  it('keyboard alone completes a purchase', async () => {
    const page = await newPage();
    await addLanyard(page);
    await openCheckout(page);
    const type = async (name: string, text: string) => {
      await tabTo(page, name);
      await page.keyboard.type(text);
    };
    await type('Email address', 'keys.block@example.com');
    // The country (United States) and the state (California) are the shop's, already chosen.
    await type('First name', 'Kay');
    await type('Last name', 'Board');
    await type('Address', '1 Main Street');
    await type('City', 'San Francisco');
    await type('ZIP Code', '94103');
    // Shipping (the default): its one rate, the flat rate, is chosen already.
    await tabTo(page, /^Flat rate/);
    await tabTo(page, /^(Direct bank transfer|Check payments|Cash on delivery|Credit card)/);
    await arrowTo(page, 'Cash on delivery');
    await tabTo(page, /^I have read and agree/);
    await page.keyboard.press('Space');
    await tabTo(page, 'Place Order');
    await page.keyboard.press('Enter');
    await orderReceived(page);
  });

  it('a new customer keeps their card, pays with it next time, then with the express button', async () => {
    const page = await newPage();
    await addLanyard(page);
    await openCheckout(page);
    await fillAddress(page, 'saved.block@example.com');
    const contact = page.getByRole('group', { name: 'Contact information' });
    await contact.getByRole('checkbox', { name: 'Create an account?' }).check();
    await contact.getByLabel('Create account password').fill('correct horse battery staple');
    await page.getByRole('group', { name: 'Shipping options' }).getByRole('radio', { name: /^Flat rate/ }).check();
    await page.getByRole('group', { name: 'Payment options' }).getByRole('radio', { name: 'Credit card (test mode)' }).check();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/40');
    await page.getByLabel('Card code').fill('123');
    await page.getByRole('checkbox', { name: 'Save the card to my account for future purchases' }).check();
    await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await orderReceived(page);

    // Logged in now: the saved card is listed first and chosen.
    await addLanyard(page);
    await openCheckout(page);
    const payment = page.getByRole('group', { name: 'Payment options' });
    const savedCard = payment.getByRole('radio', { name: 'Visa ending in 4242 (expires 12/40)' });
    await expect.poll(() => savedCard.isChecked()).toBe(true);
    await payment.getByRole('radio', { name: 'Use a new credit card (test mode)' }).waitFor();
    const posts = checkoutPosts(page);
    await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await orderReceived(page);
    expect(await page.locator('.woocommerce-order-overview').textContent()).toContain('Credit card (test mode)');
    const sent = posts[0]?.postDataJSON() as { payment_data: { key: string; value: unknown }[] } | undefined;
    expect(sent?.payment_data).toContainEqual({ key: 'wc-test_card-payment-token', value: expect.stringMatching(/^\d+$/) as unknown });

    // The third time, the express button above the form pays in one click, to the saved address.
    await addLanyard(page);
    await openCheckout(page);
    const express = page.getByRole('region', { name: 'Express checkout' });
    expect(await express.textContent()).toContain('Visa ending in 4242, to Jo Block, 1 Main Street, San Francisco, CA 94103');
    await express.getByRole('button', { name: /^Pay \$[\d.]+ now$/ }).click();
    await orderReceived(page);
    expect(await page.locator('.woocommerce-order-overview').textContent()).toContain('Credit card (test mode)');
  });

  it('pickup instead of shipping: collected where the shopper chose, at the total shown', async () => {
    const page = await newPage();
    await addLanyard(page);
    await openCheckout(page);
    // What the page showed when the order left: the POST /checkout is held while the summary
    // and the chosen location are read (the page is waiting for its reply meanwhile).
    const summary = page.getByRole('region', { name: 'Order summary' });
    let shownAtCheckout: { total: string; busy: string | null; location: string } | undefined;
    await page.route(/\/wc\/store\/v1\/checkout(\?|$)/, async (route) => {
      if (route.request().method() === 'POST') {
        const totals = summary.locator('.checkout-summary__totals');
        shownAtCheckout = {
          total: (await totals.locator('.totals-item--total .totals-item__value').textContent())?.trim() ?? '',
          busy: await totals.getAttribute('aria-busy'),
          location: (await page.getByRole('group', { name: 'Pickup locations' }).getByRole('radio', { checked: true }).getAttribute('value')) ?? '',
        };
      }
      await route.continue();
    });
    await page.getByRole('group', { name: 'Contact information' }).getByRole('textbox', { name: 'Email address' }).fill('pickup.block@example.com');
    const delivery = page.getByRole('group', { name: 'Delivery' });
    expect(await delivery.getByRole('radio', { name: 'Ship', exact: true }).isChecked()).toBe(true);
    await delivery.getByRole('radio', { name: 'Pickup', exact: true }).check();
    // Collected: no shipping address nor shipping options; the billing address is asked in full.
    const locations = page.getByRole('group', { name: 'Pickup locations' });
    await locations.getByRole('radio', { name: /^Mercato Studio/ }).waitFor();
    expect(await page.getByRole('group', { name: 'Shipping address' }).count()).toBe(0);
    expect(await page.getByRole('group', { name: 'Shipping options' }).count()).toBe(0);
    // Judged once the choice is answered: while it is on its way the summary and the options
    // are dimmed (`aria-busy`), and axe would judge the dimmed text's contrast.
    await expect.poll(() => page.locator('.checkout-block [aria-busy="true"]').count()).toBe(0);
    expect(await seriousViolations(page), 'pickup chosen').toEqual([]);
    const billing = page.getByRole('group', { name: 'Billing address' });
    await billing.getByRole('textbox', { name: 'First name' }).fill('Pip');
    await billing.getByRole('textbox', { name: 'Last name' }).fill('Collect');
    await billing.getByRole('textbox', { name: 'Address', exact: true }).fill('9 Side Street');
    await billing.getByRole('textbox', { name: 'City' }).fill('Oakland');
    await billing.getByRole('combobox', { name: 'State' }).selectOption('CA');
    await billing.getByRole('textbox', { name: 'ZIP Code' }).fill('94612');
    await page.getByRole('group', { name: 'Payment options' }).getByRole('radio', { name: 'Cash on delivery' }).check();
    await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
    // The second location, chosen last, with Place Order pressed at once: the choice is still
    // on its way to the server when the button is pressed (the intermittent money bug).
    await locations.getByRole('radio', { name: /^Mercato Warehouse/ }).check();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await orderReceived(page);

    // The order left once the summary was the server's (not dimmed), with the warehouse chosen.
    expect(shownAtCheckout).toMatchObject({ busy: 'false', location: 'pickup_location:1' });
    const shown = shownAtCheckout?.total ?? 'none';
    expect(shown).toMatch(/^\$\d+\.\d\d$/);
    const details = page.locator('.woocommerce-order-details');
    expect(await details.getByRole('row', { name: /^Shipping:/ }).textContent()).toContain('Pickup (Mercato Warehouse, Oakland)');
    expect((await details.getByRole('row', { name: /^Total:/ }).textContent())?.replace(/\s+/g, '')).toBe(`Total:${shown}`);
    expect(await page.locator('.woocommerce-order-overview').textContent()).toContain(shown);
  });
});

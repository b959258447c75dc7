// Filling /checkout/ in either of its forms: the classic form (JavaScript off) or the block
// checkout island (JavaScript on, issue 24). For the tests whose subject is what follows an
// order (accounts, downloads, attribution): they place it with JavaScript on and off alike.

import type { Page } from 'playwright-core';
import { placeOrder } from './harness';

/** What a test orders with. */
export interface CheckoutDetails {
  first: string;
  last: string;
  street: string;
  city: string;
  /** A US state code. */
  state: string;
  postcode: string;
  email: string;
  /** The payment method's radio name ("Cash on delivery"); none for a free order. */
  payment?: string;
  /** A test card number, for 'Credit card (test mode)'. */
  card?: string;
  /** Opens an account with this password. */
  password?: string;
  /** Chooses pickup at the studio (a cart that ships). */
  pickup?: boolean;
}

async function fillCard(page: Page, card: string): Promise<void> {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM/YY)').fill('12/40');
  await page.getByLabel('Card code').fill('123');
}

async function classic(page: Page, d: CheckoutDetails): Promise<void> {
  if (d.pickup === true) {
    await page.getByRole('radio', { name: /Mercato Studio/ }).check();
  }
  const billing = page.getByRole('group', { name: 'Billing details' });
  await billing.getByLabel('First name').fill(d.first);
  await billing.getByLabel('Last name').fill(d.last);
  await billing.getByLabel('Country / Region').selectOption('US');
  await billing.getByLabel('Street address').fill(d.street);
  await billing.getByLabel('Town / City').fill(d.city);
  await billing.getByLabel('State').selectOption(d.state);
  await billing.getByLabel('ZIP Code').fill(d.postcode);
  await billing.getByLabel('Email address').fill(d.email);
  if (d.password !== undefined) {
    await page.getByRole('checkbox', { name: 'Create an account?' }).check();
    await page.getByLabel('Create account password').fill(d.password);
  }
  if (d.payment !== undefined) {
    await page.getByRole('radio', { name: d.payment }).check();
  }
  if (d.card !== undefined) {
    await fillCard(page, d.card);
  }
  await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
  // A changed total (pickup chosen on this page) brings the form back to be placed again;
  // the password and card fields come back empty.
  await placeOrder(page, async () => {
    if (d.password !== undefined) {
      await page.getByLabel('Create account password').fill(d.password);
    }
    if (d.card !== undefined) {
      await fillCard(page, d.card);
    }
  });
}

async function block(page: Page, d: CheckoutDetails): Promise<void> {
  const contact = page.getByRole('group', { name: 'Contact information' });
  await contact.getByRole('textbox', { name: 'Email address' }).fill(d.email);
  if (d.password !== undefined) {
    await contact.getByRole('checkbox', { name: 'Create an account?' }).check();
    await contact.getByLabel('Create account password').fill(d.password);
  }
  // A cart that ships asks for the shipping address (billing the same); one that does not,
  // for the billing address.
  const ships = (await page.getByRole('group', { name: 'Shipping address' }).count()) > 0;
  const address = page.getByRole('group', { name: ships ? 'Shipping address' : 'Billing address' });
  await address.getByRole('combobox', { name: 'Country/Region' }).selectOption('US');
  await address.getByRole('textbox', { name: 'First name' }).fill(d.first);
  await address.getByRole('textbox', { name: 'Last name' }).fill(d.last);
  await address.getByRole('textbox', { name: 'Address', exact: true }).fill(d.street);
  await address.getByRole('textbox', { name: 'City' }).fill(d.city);
  await address.getByRole('combobox', { name: 'State' }).selectOption(d.state);
  await address.getByRole('textbox', { name: 'ZIP Code' }).fill(d.postcode);
  await address.getByRole('textbox', { name: 'ZIP Code' }).press('Tab');
  if (d.pickup === true) {
    // Pickup in place of shipping: the address typed above is the billing address.
    await page.getByRole('group', { name: 'Delivery' }).getByRole('radio', { name: 'Pickup', exact: true }).check();
    await page.getByRole('group', { name: 'Pickup locations' }).getByRole('radio', { name: /Mercato Studio/ }).check();
  }
  if (d.payment !== undefined) {
    await page.getByRole('group', { name: 'Payment options' }).getByRole('radio', { name: d.payment }).check();
  } else {
    // Nothing to pay (pickup may have just made it so): the step goes.
    await page.getByRole('group', { name: 'Payment options' }).waitFor({ state: 'detached' });
  }
  if (d.card !== undefined) {
    await fillCard(page, d.card);
  }
  await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
  await page.getByRole('button', { name: 'Place Order' }).click();
}

/**
 * Opens /checkout/, fills it and presses Place Order (the caller waits for what follows).
 * `javaScript`: whether the page runs scripts (the block checkout) or not (the classic form).
 */
export async function checkOut(page: Page, details: CheckoutDetails, javaScript: boolean): Promise<void> {
  await page.goto('/checkout/');
  if (javaScript) {
    await page.getByRole('group', { name: 'Contact information' }).waitFor();
    await block(page, details);
  } else {
    await classic(page, details);
  }
}

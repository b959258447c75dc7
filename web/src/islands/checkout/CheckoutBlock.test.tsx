import { act } from 'react';
import { fireEvent, getByRole, queryByRole, within } from '@testing-library/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getCartRuntime, resetCartRuntime, type StoreCart } from '../../core';
import { FakeStoreApi, makeCart, makeItem, makePackage, makeRate } from '../../core/testing/fakeStoreApi';
import { mount } from './index';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let fake: FakeStoreApi;
let cleanup: (() => void) | undefined;

const COUNTRIES = [
  {
    code: 'US',
    name: 'United States (US)',
    states: [
      ['CA', 'California'],
      ['NY', 'New York'],
    ],
    locale: { state: { label: 'State' }, postcode: { label: 'ZIP Code' } },
    postcode: String.raw`^\d{5}(-\d{4})?$`,
  },
  {
    code: 'GB',
    name: 'United Kingdom (UK)',
    states: [],
    locale: { state: { label: 'County', required: false }, postcode: { label: 'Postcode' } },
    postcode: null,
  },
];

/** The checkout page as the server writes it: settings, the island's container, its data. */
function page(cart: StoreCart, more: Record<string, unknown> = {}, moreSettings: Record<string, unknown> = {}): HTMLElement {
  const settings = {
    wcSettings: {
      ...moreSettings,
      paymentMethodData: {
        cod: { title: 'Cash on delivery', description: 'Pay with cash upon delivery.', supports: ['products'] },
        bacs: { title: 'Direct bank transfer', description: 'Make your payment directly into our bank account.', supports: ['products'] },
      },
      paymentMethodSortOrder: ['bacs', 'cod'],
      checkoutAllowsSignup: true,
      currentUserId: 0,
    },
    wcBlocksMiddlewareConfig: { storeApiNonce: fake.nonce, storeApiNonceTimestamp: fake.nonceTimestamp },
    cartHash: 'page-hash',
  };
  const data = {
    cart,
    billingAddress: { country: 'US', state: 'CA' },
    shippingAddress: { country: 'US', state: 'CA' },
    countries: COUNTRIES,
    termsUrl: '/terms/',
    ...more,
  };
  document.cookie = 'woocommerce_cart_hash=page-hash; path=/';
  document.body.innerHTML = `
    <script type="application/json" id="mercato-settings">${JSON.stringify(settings)}</script>
    <script type="application/json" id="mercato-checkout">${JSON.stringify(data)}</script>
    <div class="checkout-island" data-island="checkout"><form>classic checkout</form></div>`;
  const el = document.querySelector<HTMLElement>('[data-island="checkout"]');
  if (el === null) throw new Error('no container');
  return el;
}

async function start(el: HTMLElement): Promise<void> {
  act(() => {
    cleanup = mount(el, {}, { activatedBy: null, runtime: getCartRuntime() });
  });
  await act(async () => {
    await vi.advanceTimersByTimeAsync(10);
  });
}

function type(input: HTMLElement, value: string): void {
  act(() => {
    fireEvent.change(input, { target: { value } });
  });
}

function leave(input: HTMLElement): void {
  act(() => {
    // React hears a field being left as focusout.
    fireEvent.focusOut(input);
  });
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  fake = new FakeStoreApi(
    makeCart([makeItem('mug', 1, { id: 17, name: 'Enamel Camp Mug' })], {
      payment_methods: ['cod', 'bacs'],
      shipping_rates: [makePackage(['flat_rate:1', 'free_shipping:2'])],
    }),
  );
  vi.stubGlobal('fetch', fake.fetch);
});

afterEach(() => {
  act(() => {
    cleanup?.();
  });
  cleanup = undefined;
  resetCartRuntime();
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('the checkout island', () => {
  it('offers each address only the countries the shop sells or ships to', async () => {
    const el = page(fake.cart, { billingCountries: ['GB', 'US'], shippingCountries: ['US'] });
    await start(el);
    const options = (group: string): string[] =>
      Array.from(
        within(getByRole(el, 'group', { name: group }))
          .getByRole('combobox', { name: 'Country/Region' })
          .querySelectorAll('option'),
        (option) => option.value,
      ).filter((value) => value !== '');
    expect(options('Shipping address')).toEqual(['US']);
    act(() => {
      getByRole(el, 'checkbox', { name: 'Use same address for billing' }).click();
    });
    expect(options('Billing address')).toEqual(['US', 'GB']);
  });

  it('takes over from the embedded data without a request, with the steps as named groups', async () => {
    const el = page(fake.cart);
    await start(el);
    expect(el.textContent).not.toContain('classic checkout');
    const contact = getByRole(el, 'group', { name: 'Contact information' });
    expect(within(contact).getByRole('textbox', { name: 'Email address' })).toBeTruthy();
    const shipping = getByRole(el, 'group', { name: 'Shipping address' });
    expect(within(shipping).getByRole('combobox', { name: 'State' })).toBeTruthy();
    expect(within(shipping).getByRole('textbox', { name: 'ZIP Code' })).toBeTruthy();
    expect(within(shipping).getByRole('textbox', { name: 'Phone (optional)' })).toBeTruthy();
    expect(getByRole(el, 'checkbox', { name: 'Use same address for billing' })).toHaveProperty('checked', true);
    expect(queryByRole(el, 'group', { name: 'Billing address' })).toBeNull();
    const payment = getByRole(el, 'group', { name: 'Payment options' });
    // Listed in paymentMethodSortOrder order; the first is chosen.
    expect(within(payment).getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['bacs', 'cod']);
    expect(within(payment).getByRole('radio', { name: 'Direct bank transfer' })).toHaveProperty('checked', true);
    expect(getByRole(el, 'textbox', { name: 'Add a note to your order' }).getAttribute('rows')).toBe('2');
    expect(getByRole(el, 'button', { name: 'Place Order' })).toBeTruthy();
    expect(getByRole(el, 'region', { name: 'Order summary' }).textContent).toContain('Enamel Camp Mug');
    expect(fake.requests).toEqual([]);
  });

  it('shows no payment step and no express buttons for a cart with nothing to pay', async () => {
    const free = { ...fake.cart, needs_payment: false };
    const el = page(free);
    await start(el);
    expect(queryByRole(el, 'group', { name: 'Payment options' })).toBeNull();
    expect(queryByRole(el, 'region', { name: 'Express checkout' })).toBeNull();
    expect(getByRole(el, 'button', { name: 'Place Order' })).toBeTruthy();
  });

  it('follows the country: labels, states and the postcode rule change with it', async () => {
    const el = page(fake.cart);
    await start(el);
    const shipping = getByRole(el, 'group', { name: 'Shipping address' });
    act(() => {
      fireEvent.change(within(shipping).getByRole('combobox', { name: 'Country/Region' }), { target: { value: 'GB' } });
    });
    expect(within(shipping).getByRole('textbox', { name: 'County (optional)' })).toHaveProperty('value', '');
    expect(within(shipping).getByRole('textbox', { name: 'Postcode' })).toBeTruthy();
  });

  it('shows a postcode error when the field is left, not while typing, and clears it once valid', async () => {
    const el = page(fake.cart);
    await start(el);
    const zip = getByRole(el, 'textbox', { name: 'ZIP Code' });
    type(zip, 'ABC');
    expect(zip.getAttribute('aria-invalid')).toBeNull();
    leave(zip);
    expect(zip.getAttribute('aria-invalid')).toBe('true');
    expect(getByRole(el, 'alert').textContent).toBe('Please enter a valid zip code');
    expect(zip.getAttribute('aria-describedby')).toBe('validate-error-shipping_postcode');
    type(zip, '94103');
    expect(zip.getAttribute('aria-invalid')).toBeNull();
    expect(queryByRole(el, 'alert')).toBeNull();
  });

  it('on Place Order shows every error, lists them once and focuses the first invalid field', async () => {
    const el = page(fake.cart);
    await start(el);
    act(() => {
      fireEvent.click(getByRole(el, 'button', { name: 'Place Order' }));
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    const email = getByRole(el, 'textbox', { name: 'Email address' });
    expect(document.activeElement).toBe(email);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    const summary = el.querySelector('.checkout-error-summary');
    expect(summary?.textContent).toContain('Please fix the following errors before continuing');
    expect(summary?.querySelectorAll('li').length).toBeGreaterThan(3);
    expect(fake.sent('/checkout')).toEqual([]);
  });

  it('sends the changed address 1500 ms after typing stops, then once more for the next change', async () => {
    const el = page(fake.cart);
    await start(el);
    type(getByRole(el, 'textbox', { name: 'City' }), 'San');
    type(getByRole(el, 'textbox', { name: 'City' }), 'San Francisco');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(fake.batches()).toEqual([]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    const sent = fake.batches().flat().filter((r) => r.path.endsWith('/cart/update-customer'));
    expect(sent.map((r) => r.body)).toEqual([
      { shipping_address: { city: 'San Francisco' }, billing_address: { city: 'San Francisco' } },
    ]);
  });

  it('takes an address autofilled several fields at once (values set, then input and change on each)', async () => {
    const el = page(fake.cart);
    await start(el);
    const filled: Record<string, string> = {
      billing_email: 'ada@example.com',
      shipping_first_name: 'Ada',
      shipping_last_name: 'Fill',
      shipping_address_1: '500 Howard Street',
      shipping_city: 'San Francisco',
      shipping_state: 'NY',
      shipping_postcode: '94105',
    };
    const fields = Object.entries(filled).map(([id, value]) => {
      const field = document.getElementById(id) as HTMLInputElement | HTMLSelectElement;
      const proto = field instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
      Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, value);
      return field;
    });
    act(() => {
      for (const field of fields) {
        field.dispatchEvent(new Event('input', { bubbles: true }));
        field.dispatchEvent(new Event('change', { bubbles: true }));
      }
    });
    for (const [id, value] of Object.entries(filled)) {
      expect([id, (document.getElementById(id) as HTMLInputElement).value]).toEqual([id, value]);
    }
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    const sent = fake.batches().flat().filter((r) => r.path.endsWith('/cart/update-customer'));
    expect(sent.at(-1)?.body).toMatchObject({
      shipping_address: { first_name: 'Ada', last_name: 'Fill', address_1: '500 Howard Street', city: 'San Francisco', state: 'NY', postcode: '94105' },
    });
  });

  it('offers Ship or Pickup: Pickup lists the locations, hides the shipping address and asks for the billing one', async () => {
    const pickup = (index: number, name: string, address: string) =>
      makeRate(`pickup_location:${String(index)}`, false, {
        method_id: 'pickup_location',
        name: `Pickup (${name})`,
        meta_data: [
          { key: 'pickup_location', value: name },
          { key: 'pickup_address', value: address },
        ],
      });
    fake.cart = {
      ...fake.cart,
      shipping_rates: [
        {
          ...makePackage(['flat_rate:1']),
          shipping_rates: [makeRate('flat_rate:1', true, { name: 'Flat rate', price: '600' }), pickup(0, 'Studio', '600 Valencia St'), pickup(1, 'Warehouse', '1500 Broadway')],
        },
      ],
    };
    const el = page(fake.cart, {}, { localPickupEnabled: true, collectableMethodIds: ['local_pickup', 'pickup_location'] });
    await start(el);
    const delivery = getByRole(el, 'group', { name: 'Delivery' });
    expect(within(delivery).getByRole('radio', { name: 'Ship' })).toHaveProperty('checked', true);
    // Shipping lists only the rates that ship.
    const options = getByRole(el, 'group', { name: 'Shipping options' });
    expect(within(options).getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['flat_rate:1']);

    act(() => {
      within(delivery).getByRole('radio', { name: 'Pickup' }).click();
    });
    expect(within(delivery).getByRole('radio', { name: 'Pickup' })).toHaveProperty('checked', true);
    expect(queryByRole(el, 'group', { name: 'Shipping address' })).toBeNull();
    expect(queryByRole(el, 'group', { name: 'Shipping options' })).toBeNull();
    const locations = getByRole(el, 'group', { name: 'Pickup locations' });
    expect(within(locations).getByRole('radio', { name: 'Studio' })).toHaveProperty('checked', true);
    expect(within(locations).getByRole('radio', { name: 'Warehouse' })).toHaveProperty('checked', false);
    const billing = getByRole(el, 'group', { name: 'Billing address' });
    expect(within(billing).getByRole('textbox', { name: 'City' })).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(400);
    });
    expect(fake.batches().flat().map((r) => r.body)).toEqual([{ package_id: 0, rate_id: 'pickup_location:0' }]);

    // Place Order checks the billing address in full, not the hidden shipping one.
    act(() => {
      fireEvent.click(getByRole(el, 'button', { name: 'Place Order' }));
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(document.getElementById('billing_city')?.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('shipping_city')).toBeNull();

    // Back to Ship: the address comes back and the first rate that ships is chosen again.
    act(() => {
      within(delivery).getByRole('radio', { name: 'Ship' }).click();
    });
    expect(getByRole(el, 'group', { name: 'Shipping address' })).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(400);
    });
    expect(fake.batches().flat().at(-1)?.body).toEqual({ package_id: 0, rate_id: 'flat_rate:1' });
  });
});

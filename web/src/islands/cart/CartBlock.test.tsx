import { act } from 'react';
import { fireEvent, getByRole, queryByRole, within } from '@testing-library/dom';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getCartRuntime, resetCartRuntime, type StoreCart } from '../../core';
import { CURRENCY, FakeStoreApi, makeProduct, makeCart, makeItem } from '../../core/testing/fakeStoreApi';
import { mount } from './index';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Display {
  taxesEnabled?: boolean;
  includingTax?: boolean;
  itemised?: boolean;
}

let fake: FakeStoreApi;
let cleanup: (() => void) | undefined;

/** The cart page as the server writes it: settings, the island's container and the embedded cart. */
function page(cart: StoreCart, display: Display = {}, cookieHash = 'page-hash'): HTMLElement {
  document.cookie = `woocommerce_cart_hash=${cookieHash}; path=/`;
  const settings = {
    wcSettings: {
      taxesEnabled: display.taxesEnabled ?? false,
      displayCartPricesIncludingTax: display.includingTax ?? false,
      displayItemizedTaxes: display.itemised ?? false,
      storePages: { checkout: { permalink: '/checkout/' }, shop: { permalink: '/shop/' } },
    },
    wcBlocksMiddlewareConfig: { storeApiNonce: fake.nonce, storeApiNonceTimestamp: fake.nonceTimestamp },
    cartHash: 'page-hash',
  };
  document.body.innerHTML = `
    <script type="application/json" id="mercato-settings">${JSON.stringify(settings)}</script>
    <div class="cart-page"><div class="cart-island" data-island="cart"><form>classic cart</form></div></div>
    <script type="application/json" id="mercato-cart">${JSON.stringify(cart)}</script>`;
  const el = document.querySelector<HTMLElement>('[data-island="cart"]');
  if (el === null) throw new Error('no container');
  return el;
}

function start(el: HTMLElement, props: unknown = { couponsEnabled: true }): void {
  act(() => {
    cleanup = mount(el, props, { activatedBy: null, runtime: getCartRuntime() });
  });
}

/** Lets the batch window pass and the fake server answer, with React's updates flushed. */
async function settle(): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(400);
  });
}

/** Lets time pass (batch window, replies) until `check` passes, or fails with its error. */
async function until(check: () => void): Promise<void> {
  for (let i = 0; i < 20; i += 1) {
    try {
      check();
      return;
    } catch {
      await settle();
    }
  }
  check();
}

async function acting(action: () => Promise<void>): Promise<void> {
  await act(action);
}

const totals = (el: HTMLElement) => getByRole(el, 'region', { name: 'Cart totals' });
const row = (el: HTMLElement, name: string) => within(totals(el)).getByRole('group', { name });
const rowNames = (el: HTMLElement) =>
  within(totals(el))
    .getAllByRole('group')
    .map((group) => `${group.querySelector('.totals-item__label')?.textContent ?? ''} ${group.querySelector('.totals-item__value')?.textContent ?? ''}`);

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  fake = new FakeStoreApi(makeCart([makeItem('mug', 1, { id: 17, name: 'Enamel Camp Mug' })]));
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

describe('the cart island', () => {
  it('takes over from the embedded cart without a request', () => {
    const el = page(fake.cart);
    start(el);
    expect(el.textContent).not.toContain('classic cart');
    expect(getByRole(el, 'link', { name: 'Enamel Camp Mug' })).toBeTruthy();
    expect(getByRole(el, 'spinbutton', { name: 'Quantity of Enamel Camp Mug' })).toHaveProperty('value', '1');
    expect(row(el, 'Total').textContent).toContain('$18.00');
    expect(el.querySelector('.wp-block-woocommerce-cart .wp-block-woocommerce-filled-cart-block')).not.toBeNull();
    expect(el.querySelector('.wp-block-woocommerce-cart-items-block')).not.toBeNull();
    expect(el.querySelector('.wp-block-woocommerce-cart-totals-block .wp-block-woocommerce-cart-order-summary-block')).not.toBeNull();
    expect(getByRole(el, 'link', { name: 'Proceed to checkout' }).getAttribute('href')).toBe('/checkout/');
    expect(fake.requests).toEqual([]);
  });

  it('shows the errors the cart carries as notices of the cart area that cannot be dismissed', async () => {
    fake.cart = makeCart([makeItem('mug', 1, { id: 17, name: 'Enamel Camp Mug' })], {
      errors: [{ code: 'woocommerce_rest_cart_product_no_stock', message: 'There are too many &quot;Enamel Camp Mug&quot; in the cart.' }],
    });
    const el = page(fake.cart);
    start(el);
    await act(async () => {
      await import('../../core/sanitize');
    });
    const alert = getByRole(el, 'alert');
    expect(alert.textContent).toBe('There are too many "Enamel Camp Mug" in the cart.');
    expect(queryByRole(alert, 'button', { name: 'Dismiss this notice' })).toBeNull();
    expect(getCartRuntime().notices.noticesOf('wc/cart').map((n) => n.id)).toEqual(['cart-error-woocommerce_rest_cart_product_no_stock']);
  });

  it('asks for the current cart when the cookie says it changed since the page was written', async () => {
    fake.cart = makeCart([makeItem('mug', 3, { id: 17, name: 'Enamel Camp Mug' })]);
    const el = page(makeCart([makeItem('mug', 1, { id: 17, name: 'Enamel Camp Mug' })]), {}, 'newer-hash');
    start(el);
    expect(getByRole(el, 'spinbutton', { name: 'Quantity of Enamel Camp Mug' })).toHaveProperty('value', '1');
    await until(() => {
      expect(getByRole(el, 'spinbutton', { name: 'Quantity of Enamel Camp Mug' })).toHaveProperty('value', '3');
    });
    expect(fake.requests.map((r) => `${r.method} ${r.url.replace(/^.*\/wc\/store\/v1/, '')}`)).toEqual(['GET /cart']);
  });

  it('refuses props that are not its own', () => {
    const el = page(fake.cart);
    expect(() => mount(el, { couponsEnabled: 'yes' }, { activatedBy: null, runtime: getCartRuntime() })).toThrow(TypeError);
    document.getElementById('mercato-cart')?.remove();
    expect(() => mount(el, {}, { activatedBy: null, runtime: getCartRuntime() })).toThrow(TypeError);
  });

  it('shows the empty cart of a page that embeds none, and fills it from a product to discover', async () => {
    fake.cart = makeCart([]);
    const el = page(fake.cart);
    document.getElementById('mercato-cart')?.remove();
    fake.intercept = (request) =>
      request.url.includes('/products?')
        ? {
            status: 200,
            body: [
              {
                id: 31,
                name: 'Canvas Tote',
                permalink: '/product/canvas-tote/',
                images: [],
                prices: { ...CURRENCY, price: '2400', regular_price: '2400', sale_price: '2400', price_range: null },
                is_purchasable: true,
                is_in_stock: true,
                add_to_cart: { text: 'Add to cart', description: 'Add to cart: &ldquo;Canvas Tote&rdquo;', url: '?add-to-cart=31', single_text: 'Add to cart', minimum: 1, maximum: 9999, multiple_of: 1 },
              },
            ],
          }
        : undefined;
    start(el, { empty: true });
    expect(el.textContent).toContain('Your cart is currently empty.');
    await until(() => {
      expect(getByRole(el, 'region', { name: 'New in store' })).toBeTruthy();
    });
    expect(fake.sent('/cart').length).toBe(0);
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await acting(() => user.click(getByRole(el, 'button', { name: 'Add to cart: “Canvas Tote”' })));
    await until(() => {
      expect(getByRole(el, 'link', { name: 'Product 31' })).toBeTruthy();
    });
    // Whether coupons are on is not known to an empty page: no panel to be refused by.
    expect(queryByRole(el, 'button', { name: 'Add a coupon' })).toBeNull();
  });

  it('shows rapid clicks at once, sends one write, and dims the totals until the server answers', async () => {
    const el = page(fake.cart);
    start(el);
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const plus = getByRole(el, 'button', { name: 'Increase quantity of Enamel Camp Mug' });
    for (let i = 0; i < 4; i += 1) {
      await acting(() => user.click(plus));
    }
    expect(getByRole(el, 'spinbutton', { name: 'Quantity of Enamel Camp Mug' })).toHaveProperty('value', '5');
    expect(el.querySelector('.order-summary')?.getAttribute('aria-busy')).toBe('true');
    expect(el.querySelector('tr.cart_item')?.getAttribute('aria-busy')).toBe('true');
    // The total is still the server's last figure, dimmed: never one the browser made up.
    expect(row(el, 'Total').textContent).toContain('$18.00');
    await settle();
    expect(fake.batches()).toEqual([[expect.objectContaining({ path: '/wc/store/v1/cart/update-item', body: { key: 'mug', quantity: 5 } })]]);
    expect(el.querySelector('.order-summary')?.getAttribute('aria-busy')).toBe('false');
    expect(row(el, 'Total').textContent).toContain('$90.00');
  });

  it('removes a line with an undo snackbar that puts it back with everything it carried', async () => {
    fake.cart = makeCart([
      makeItem('mug', 2, {
        id: 17,
        name: 'Enamel Camp Mug',
        variation: [{ attribute: 'Color', value: 'White' }],
        item_data: [{ name: 'Gift wrap', value: 'Yes', display: 'Yes (+$3.00)' }],
        extensions: { 'acme/engraving': { text: 'J. D.', font: 'serif' }, 'acme/empty': {} },
      }),
      makeItem('tee', 1, { id: 18, name: 'Tee' }),
    ]);
    const el = page(fake.cart);
    start(el);
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    // By keyboard: the focus moves on to the next line's remove button.
    getByRole(el, 'button', { name: 'Remove Enamel Camp Mug from cart' }).focus();
    await acting(() => user.keyboard('{Enter}'));
    expect(queryByRole(el, 'link', { name: 'Enamel Camp Mug' })).toBeNull();
    expect(document.activeElement).toBe(getByRole(el, 'button', { name: 'Remove Tee from cart' }));
    await settle();
    const notice = getCartRuntime().notices.noticesOf('wc/cart').find((n) => n.type === 'snackbar');
    expect(notice?.content).toBe('&ldquo;Enamel Camp Mug&rdquo; was removed from your cart.');
    expect(notice?.actions.map((a) => a.label)).toEqual(['Undo']);
    act(() => {
      notice?.actions[0]?.onClick?.();
    });
    await settle();
    expect(fake.batches()[1]).toEqual([
      expect.objectContaining({
        path: '/wc/store/v1/cart/add-item',
        body: {
          id: 17,
          quantity: 2,
          variation: [{ attribute: 'Color', value: 'White' }],
          addons: [{ group: 'Gift wrap', option: 'Yes' }],
          // The line's extension data, by namespace, as the line had it (an empty namespace is left out).
          extensions: { 'acme/engraving': { text: 'J. D.', font: 'serif' } },
        },
      }),
    ]);
    expect(getByRole(el, 'link', { name: 'Product 17' })).toBeTruthy();
  });

  it('rolls a failed write back and says so in the cart area', async () => {
    fake.intercept = (request) => (request.url.includes('/batch') ? new Error('Failed to fetch') : undefined);
    const el = page(fake.cart);
    start(el);
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await acting(() => user.click(getByRole(el, 'button', { name: 'Increase quantity of Enamel Camp Mug' })));
    expect(getByRole(el, 'spinbutton', { name: 'Quantity of Enamel Camp Mug' })).toHaveProperty('value', '2');
    await settle();
    await act(async () => {
      await import('../../core/sanitize');
    });
    expect(getByRole(el, 'spinbutton', { name: 'Quantity of Enamel Camp Mug' })).toHaveProperty('value', '1');
    expect(getByRole(el, 'alert').textContent).toContain('Failed to fetch');
  });

  it('takes the cart a 409 carries and shows its message', async () => {
    fake.intercept = (request) =>
      request.url.includes('/batch')
        ? {
            status: 207,
            body: {
              responses: [
                {
                  status: 409,
                  headers: {},
                  body: {
                    code: 'woocommerce_rest_cart_invalid_key',
                    message: 'Cart item no longer exists.',
                    data: { status: 409, cart: makeCart([]) },
                  },
                },
              ],
            },
          }
        : undefined;
    const el = page(fake.cart);
    start(el);
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await acting(() => user.click(getByRole(el, 'button', { name: 'Increase quantity of Enamel Camp Mug' })));
    await settle();
    await act(async () => {
      await import('../../core/sanitize');
    });
    expect(getByRole(el, 'alert').textContent).toContain('Cart item no longer exists.');
    expect(getByRole(el, 'link', { name: 'Return to shop' }).getAttribute('href')).toBe('/shop/');
  });

  it('applies a coupon, shows a refusal under the field, and removes a chip by keyboard', async () => {
    // The fake server takes $1.00 off per coupon and says so in its total.
    fake.afterWrite = (cart) => ({
      ...cart,
      totals: { ...cart.totals, total_discount: String(100 * cart.coupons.length), total_price: String(Number(cart.totals.total_items) - 100 * cart.coupons.length) },
    });
    const el = page(fake.cart);
    start(el);
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await acting(() => user.click(getByRole(el, 'button', { name: 'Add a coupon' })));
    const field = getByRole(el, 'textbox', { name: 'Coupon code' });
    // Typed as the browser reports it (user-event's typing does not survive the shared test window).
    const typeCode = (code: string) => {
      act(() => {
        fireEvent.input(field, { target: { value: code } });
      });
    };
    typeCode('expired');
    await acting(() => user.click(getByRole(el, 'button', { name: 'Apply' })));
    // The server's message, as text under the field.
    await until(() => {
      expect(getByRole(el, 'alert').textContent).toBe('Coupon "expired" has expired.');
    });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    typeCode('welcome10');
    await acting(() => user.click(getByRole(el, 'button', { name: 'Apply' })));
    await until(() => {
      expect(row(el, 'Coupon: welcome10').textContent).toContain('-$1.00');
    });
    expect(row(el, 'Total').textContent).toContain('$17.00');
    const chip = getByRole(el, 'button', { name: 'Remove "welcome10"' });
    chip.focus();
    await acting(() => user.keyboard('{Delete}'));
    await until(() => {
      expect(queryByRole(el, 'button', { name: 'Remove "welcome10"' })).toBeNull();
    });
    expect(fake.batches().at(-1)).toEqual([expect.objectContaining({ path: '/wc/store/v1/cart/remove-coupon', body: { code: 'welcome10' } })]);
    expect(document.activeElement?.textContent).toBe('Cart totals');
  });

  it('hides the coupon panel when coupons are off', () => {
    const el = page(fake.cart);
    start(el, { couponsEnabled: false });
    expect(queryByRole(el, 'button', { name: 'Add a coupon' })).toBeNull();
  });

  it('adds a cross-sell through the store', async () => {
    fake.cart = makeCart([makeItem('mug', 1, { id: 17, name: 'Enamel Camp Mug' })], {
      cross_sells: [makeProduct(31, 'Canvas Tote', '2400')],
    });
    const el = page(fake.cart);
    start(el);
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const region = getByRole(el, 'region', { name: 'You may be interested in…' });
    expect(region.textContent).toContain('$24.00');
    await acting(() => user.click(within(region).getByRole('button', { name: 'Add to cart: “Canvas Tote”' })));
    await settle();
    expect(fake.batches()).toEqual([[expect.objectContaining({ path: '/wc/store/v1/cart/add-item', body: { id: 31, quantity: 1 } })]]);
    expect(getByRole(el, 'link', { name: 'Product 31' })).toBeTruthy();
  });

  it('shows the empty cart with the shop link once the last line goes', async () => {
    const el = page(fake.cart);
    start(el);
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await acting(() => user.click(getByRole(el, 'button', { name: 'Remove Enamel Camp Mug from cart' })));
    expect(el.textContent).toContain('Your cart is currently empty.');
    expect(el.querySelector('.wp-block-woocommerce-empty-cart-block')).not.toBeNull();
    await settle();
    expect(getByRole(el, 'link', { name: 'Return to shop' })).toBeTruthy();
    expect(fake.sent('/products').length).toBe(1);
  });
});

describe('the totals rows (SPEC §9.3)', () => {
  const taxed = (overrides: Partial<StoreCart['totals']>) => ({ ...makeCart().totals, ...overrides });

  it('lists subtotal, coupons, fees (zero skipped, unnamed "Fee"), a single Taxes row and the total', () => {
    const cart = makeCart([makeItem('mug', 1, { name: 'Mug' })], {
      coupons: [{ code: 'ten', discount_type: 'percent', totals: { ...CURRENCY, total_discount: '180', total_discount_tax: '0' } }],
      fees: [
        { id: 'wrap', key: 'wrap', name: 'Gift wrap', totals: { ...CURRENCY, total: '500', total_tax: '0' } },
        { id: 'none', key: 'none', name: 'Nothing', totals: { ...CURRENCY, total: '0', total_tax: '0' } },
        { id: 'x', key: 'x', name: '', totals: { ...CURRENCY, total: '200', total_tax: '0' } },
      ],
      needs_shipping: false,
      totals: taxed({ total_items: '1800', total_discount: '180', total_fees: '700', total_tax: '150', total_price: '2470' }),
    });
    const el = page(cart, { taxesEnabled: true });
    start(el);
    expect(rowNames(el)).toEqual(['Subtotal $18.00', 'Coupon: ten -$1.80', 'Gift wrap $5.00', 'Fee $2.00', 'Taxes $1.50', 'Total $24.70']);
  });

  it('itemises taxes with their rates', () => {
    const cart = makeCart([makeItem('mug', 1, { name: 'Mug' })], {
      needs_shipping: false,
      totals: taxed({
        total_items: '2000',
        total_items_tax: '185',
        total_tax: '185',
        total_price: '2185',
        tax_lines: [
          { name: 'CA Tax', rate: '8.25%', price: '165' },
          { name: 'County', rate: '1%', price: '20' },
        ],
      }),
    });
    const el = page(cart, { taxesEnabled: true, itemised: true });
    start(el);
    expect(rowNames(el)).toEqual(['Subtotal $20.00', 'CA Tax (8.25%) $1.65', 'County (1%) $0.20', 'Total $21.85']);
  });

  it('shows the subtotal with tax and says the taxes with the total when prices include tax', () => {
    const cart = makeCart([makeItem('mug', 1, { name: 'Mug' })], {
      needs_shipping: false,
      totals: taxed({ total_items: '2000', total_items_tax: '165', total_tax: '165', total_price: '2165' }),
    });
    const el = page(cart, { taxesEnabled: true, includingTax: true });
    start(el);
    expect(rowNames(el)).toEqual(['Subtotal $21.65', 'Total $21.65']);
    expect(row(el, 'Total').textContent).toContain('Including $1.65 in taxes');
  });

  it('hides the taxes row when taxes are off and there is none', () => {
    const cart = makeCart([makeItem('mug', 1, { name: 'Mug' })], { needs_shipping: false });
    const el = page(cart, { taxesEnabled: false });
    start(el);
    expect(rowNames(el)).toEqual(['Subtotal $18.00', 'Total $18.00']);
  });

  it('keeps a place for shipping between the discounts and the fees when something ships', () => {
    const cart = makeCart([makeItem('mug', 1, { name: 'Mug' })], {
      needs_shipping: true,
      fees: [{ id: 'wrap', key: 'wrap', name: 'Gift wrap', totals: { ...CURRENCY, total: '500', total_tax: '0' } }],
    });
    const el = page(cart);
    start(el);
    const summary = el.querySelector('.order-summary');
    const kinds = [...(summary?.children ?? [])].map((child) => child.className.split(' ').find((c) => c.startsWith('totals-')) ?? child.getAttribute('data-slot'));
    expect(kinds).toEqual(['totals-item', 'discounts-meta', 'totals-shipping', 'totals-item', 'totals-item', 'order-meta']);
  });
});

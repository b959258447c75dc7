// Review 2 §3.2.7: on the block cart and checkout pages the Store API store is the only writer
// of the cart. Store AJAX fragments must not replace the page's HTML there, and an add (a
// cross-sell's button, a quick view's form) goes through the store.
import { getByRole, waitFor } from '@testing-library/dom';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { blockPageOf, createCartRuntime, readCartSettings, type CartRuntime } from '../core';
import { parseStorefrontSettings } from '../core/settings';
import { FakeStoreApi, hashOf, makeCart, makeItem } from '../core/testing/fakeStoreApi';
import { addToCartDeps, startAddToCart } from './add-to-cart';

const cart = makeCart([makeItem('a', 1, { id: 17, name: 'Enamel Camp Mug' })]);

/** The store AJAX endpoint's reply to an add: the header count as the server renders it. */
const FRAGMENTS = { '.header-cart__count': '<span class="header-cart__count">9</span>' };

/** A page with the header count and a cross-sell card, whose body says which page it is. */
function page(bodyClass: string): void {
  document.body.className = bodyClass;
  document.body.innerHTML = `
    <header><a class="header-cart" href="/cart/">Cart, <span class="header-cart__count">1</span></a></header>
    <section class="cross-sells"><ul><li class="product">
      <a href="?add-to-cart=134" data-quantity="1" class="button add_to_cart_button ajax_add_to_cart"
         data-product_id="134" aria-label="Add to cart: “Trail Bottle”">Add to cart</a>
    </li></ul></section>
    <div class="quick-view"><div class="product"><h2 class="product_title">Wool Beanie</h2>
      <form class="cart" action="/product/beanie/" method="post">
        <input type="number" name="quantity" value="2" aria-label="Wool Beanie quantity">
        <input type="hidden" name="variation_id" value="202">
        <input type="hidden" name="attribute_pa_colour" value="Red">
        <button type="submit" name="add-to-cart" value="201">Add to cart</button>
      </form></div></div>`;
}

let server: FakeStoreApi;
let runtime: CartRuntime | undefined;
let stop: (() => void) | undefined;

function start(): CartRuntime {
  server = new FakeStoreApi(cart);
  // The store AJAX endpoint answers with fragments and sets the cart hash cookie, as the server does.
  server.intercept = (request) => {
    if (!request.url.includes('wc-ajax=')) {
      return undefined;
    }
    document.cookie = 'woocommerce_cart_hash=h9; path=/';
    return { status: 200, body: { fragments: FRAGMENTS, cart_hash: 'h9' } };
  };
  const settings = readCartSettings(document);
  runtime = createCartRuntime({
    fetch: server.fetch,
    settings: { ...settings, nonce: { nonce: 'nonce-1', timestamp: 1000 }, cartData: cart, cartHash: hashOf(cart) },
  });
  const storefront = parseStorefrontSettings({ wc_add_to_cart_params: { cart_url: '/cart/', is_cart: true } });
  stop = startAddToCart(document, addToCartDeps(runtime, storefront));
  return runtime;
}

beforeEach(() => {
  document.body.className = '';
  // As on a real page: the cookie names the cart the page was rendered with.
  document.cookie = `woocommerce_cart_hash=${hashOf(cart)}; path=/`;
});

afterEach(() => {
  stop?.();
  runtime?.stop();
  runtime = undefined;
  document.body.className = '';
  document.body.replaceChildren();
  document.cookie = 'woocommerce_cart_hash=; path=/; max-age=0';
});

describe('which pages are block pages', () => {
  it('are the cart page and the checkout form, not the checkout endpoints nor other pages', () => {
    const cases: [string, string | null][] = [
      ['woocommerce-cart woocommerce-page', 'cart'],
      ['woocommerce-checkout woocommerce-page', 'checkout'],
      ['woocommerce-checkout woocommerce-order-received', null],
      ['woocommerce-checkout woocommerce-order-pay woocommerce-page', null],
      ['woocommerce-checkout checkout-confirm', null],
      ['single-product woocommerce-page', null],
      ['', null],
    ];
    for (const [classes, expected] of cases) {
      document.body.className = classes;
      expect(blockPageOf(document), classes).toBe(expected);
      expect(readCartSettings(document).blockPage, classes).toBe(expected);
    }
  });
});

describe('on the cart page', () => {
  it('adds a cross-sell through the Store API store, and no fragment replaces the page', async () => {
    page('woocommerce-cart woocommerce-page');
    const { cart: store } = start();

    await userEvent.click(getByRole(document.body, 'link', { name: 'Add to cart: “Trail Bottle”' }));

    await waitFor(() => {
      expect(store.getState().serverCart?.items.map((item) => item.id)).toEqual([17, 134]);
    });
    expect(server.batches().flat().map((r) => [r.path, r.body])).toEqual([['/wc/store/v1/cart/add-item', { id: 134, quantity: 1 }]]);
    expect(server.sent('wc-ajax=')).toEqual([]);
    expect(getByRole(document.body, 'status').textContent).toContain('“Trail Bottle” has been added to your cart.');
    expect(document.querySelector('.header-cart__count')?.textContent).toBe('1');
  });

  it("adds a quick view's form with its variation and quantity through the store", async () => {
    page('woocommerce-cart woocommerce-page');
    const { cart: store } = start();

    await userEvent.click(getByRole(document.body, 'button', { name: 'Add to cart' }));

    await waitFor(() => {
      expect(store.getState().serverCart?.items.map((item) => item.id)).toEqual([17, 202]);
    });
    expect(server.batches().flat().map((r) => r.body)).toEqual([
      { id: 202, quantity: 2, variation: [{ attribute: 'attribute_pa_colour', value: 'Red' }] },
    ]);
    expect(server.sent('wc-ajax=')).toEqual([]);
  });

  it('shows the server\'s refusal as a snackbar and keeps the cart as it was', async () => {
    page('woocommerce-cart woocommerce-page');
    const { cart: store, notices } = start();
    server.intercept = (request) =>
      request.url.includes('/batch')
        ? {
            status: 207,
            body: {
              responses: [
                {
                  status: 400,
                  headers: {},
                  body: {
                    code: 'woocommerce_rest_product_out_of_stock',
                    message: 'You cannot add “Trail Bottle” to the cart because the product is out of stock.',
                    data: { status: 400 },
                  },
                },
              ],
            },
          }
        : undefined;

    await userEvent.click(getByRole(document.body, 'link', { name: 'Add to cart: “Trail Bottle”' }));

    await waitFor(() => {
      expect(notices.store.getState().notices.map((n) => [n.type, n.content])).toContainEqual([
        'snackbar',
        'You cannot add “Trail Bottle” to the cart because the product is out of stock.',
      ]);
    });
    expect(store.getState().serverCart?.items.map((item) => item.id)).toEqual([17]);
  });

  it('never lets fragments replace the page, from a reply or a cached set', async () => {
    page('woocommerce-cart woocommerce-page');
    const { ajax } = start();
    await ajax.getRefreshedFragments();
    ajax.takeFragments(FRAGMENTS, 'h9');
    expect(ajax.applyCached('h9')).toBe(false);
    expect(document.querySelector('.header-cart__count')?.textContent).toBe('1');
  });
});

describe('on the checkout page', () => {
  it('adds through the store too', async () => {
    page('woocommerce-checkout woocommerce-page');
    const { cart: store } = start();
    await userEvent.click(getByRole(document.body, 'link', { name: 'Add to cart: “Trail Bottle”' }));
    await waitFor(() => {
      expect(store.getState().serverCart?.items.map((item) => item.id)).toEqual([17, 134]);
    });
    expect(server.sent('wc-ajax=')).toEqual([]);
  });
});

describe('on other pages', () => {
  it('adds through the store AJAX endpoint, whose fragments update the header', async () => {
    page('archive woocommerce-page');
    start();
    await userEvent.click(getByRole(document.body, 'link', { name: 'Add to cart: “Trail Bottle”' }));
    await waitFor(() => {
      expect(document.querySelector('.header-cart__count')?.textContent).toBe('9');
    });
    expect(server.sent('wc-ajax=add_to_cart')).toHaveLength(1);
    expect(server.sent('/batch')).toEqual([]);
  });
});

// The cart island on a page with extensions (issue 25): WooCommerce's checkout filters where
// the cart applies them (line items, totals, coupons, the proceed button, coupon notices), with
// their arguments, the slots of the cart totals and the shipping packages, and a filter that
// breaks the rules skipped.

import { act, createElement, type ReactNode } from 'react';
import { getByRole, queryByRole, within } from '@testing-library/dom';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getCartRuntime, resetCartRuntime, type StoreCart } from '../../core';
import { FakeStoreApi, makeCart, makeItem } from '../../core/testing/fakeStoreApi';
import { installGlobals } from '../../extensions/globals';
import { extensionHost } from '../../registry/host';
import { mount } from './index';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let fake: FakeStoreApi;
let cleanup: (() => void) | undefined;

interface BlocksCheckout {
  registerCheckoutFilters: (namespace: string, filters: Record<string, unknown>) => void;
  registerCheckoutBlock: (options: unknown) => void;
  ExperimentalOrderShippingPackages: (props: { children?: ReactNode }) => null;
  ExperimentalOrderMeta: (props: { children?: ReactNode }) => null;
}
interface Plugins {
  registerPlugin: (name: string, settings: { render: () => ReactNode; scope: string }) => unknown;
}

function page(cart: StoreCart): HTMLElement {
  document.cookie = 'woocommerce_cart_hash=page-hash; path=/';
  const settings = {
    extensions: ['acme'],
    wcSettings: { storePages: { checkout: { permalink: '/checkout/' }, shop: { permalink: '/shop/' } } },
    wcBlocksMiddlewareConfig: { storeApiNonce: fake.nonce, storeApiNonceTimestamp: fake.nonceTimestamp },
    cartHash: 'page-hash',
  };
  document.body.innerHTML = `
    <script type="application/json" id="mercato-settings">${JSON.stringify(settings)}</script>
    <div class="cart-page"><div class="cart-island" data-island="cart"><form>classic cart</form></div></div>
    <script type="application/json" id="mercato-cart">${JSON.stringify(cart)}</script>`;
  const el = document.querySelector<HTMLElement>('[data-island="cart"]');
  if (el === null) throw new Error('no container');
  window.mercatoCartRuntime = getCartRuntime();
  installGlobals(window, extensionHost(window));
  return el;
}

const wc = () => (window.wc as unknown as { blocksCheckout: BlocksCheckout }).blocksCheckout;
const wp = () => (window.wp as unknown as { plugins: Plugins }).plugins;

function start(el: HTMLElement): void {
  act(() => {
    cleanup = mount(el, { couponsEnabled: true }, { activatedBy: null, runtime: getCartRuntime() });
  });
}

async function settle(): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(400);
  });
}

const totals = (el: HTMLElement) => getByRole(el, 'region', { name: 'Cart totals' });

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const onSale = makeItem('mug', 2, {
    id: 17,
    name: 'Enamel Camp Mug',
    extensions: { acme: { engraving: 'Hi' } },
  });
  const mug = {
    ...onSale,
    prices: { ...onSale.prices, price: '1800', regular_price: '2000', sale_price: '1800' },
    totals: { ...onSale.totals, line_subtotal: '3600', line_total: '3600' },
  };
  fake = new FakeStoreApi(makeCart([mug, makeItem('cap', 1, { id: 18, name: 'Cap' })]));
  vi.stubGlobal('fetch', fake.fetch);
});

afterEach(() => {
  act(() => {
    cleanup?.();
  });
  cleanup = undefined;
  resetCartRuntime();
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
  delete window.mercatoExtensions;
  delete window.mercatoCartRuntime;
  delete window.wc;
  delete window.wp;
});

describe('checkout filters on the cart', () => {
  it('applies the line-item filters with the line’s extensions and {context: cart, cartItem, cart}', () => {
    const el = page(fake.cart);
    const seen: unknown[][] = [];
    wc().registerCheckoutFilters('acme', {
      itemName: (name: string, extensions: Record<string, unknown>, args: { context: string; cartItem: { id: number }; cart: { cartItems: unknown[] } }) => {
        seen.push([name, extensions, args.context, args.cartItem.id, args.cart.cartItems.length]);
        return args.cartItem.id === 17 ? `${name} (engraved)` : name;
      },
      cartItemClass: (value: string, _e: unknown, args: { cartItem: { id: number } }) => (args.cartItem.id === 17 ? 'is-engraved' : value),
      subtotalPriceFormat: () => '<price/> each',
      cartItemPrice: () => 'Line: <price/>',
      saleBadgePriceFormat: () => '<price/>!',
      showRemoveItemLink: (show: boolean, _e: unknown, args: { cartItem: { id: number } }) => show && args.cartItem.id !== 18,
    });
    start(el);
    const table = getByRole(el, 'table');
    const mugRow = within(table).getByRole('link', { name: 'Enamel Camp Mug (engraved)' }).closest('tr');
    expect(mugRow?.classList.contains('is-engraved')).toBe(true);
    expect(mugRow?.querySelector('.product-price')?.textContent).toContain('$18.00 each');
    expect(mugRow?.querySelector('.product-subtotal')?.textContent).toBe('Line: $36.00Save $4.00!');
    expect(getByRole(el, 'button', { name: 'Remove Enamel Camp Mug (engraved) from cart' })).toBeTruthy();
    expect(queryByRole(el, 'button', { name: 'Remove Cap from cart' })).toBeNull();
    expect(seen).toContainEqual(['Enamel Camp Mug', { acme: { engraving: 'Hi' } }, 'cart', 17, 2]);
  });

  it('skips a price format without <price/> and a filter that changes the type, and keeps the others', () => {
    const el = page(fake.cart);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    wc().registerCheckoutFilters('broken', { cartItemPrice: () => 'no price here', itemName: () => 42 });
    wc().registerCheckoutFilters('fine', { itemName: (name: string) => name.toUpperCase() });
    start(el);
    const mugRow = getByRole(el, 'link', { name: 'ENAMEL CAMP MUG' }).closest('tr');
    expect(mugRow?.querySelector('.product-subtotal')?.textContent).toMatch(/^\$36\.00/);
    expect(error).toHaveBeenCalledWith('Extension broken:', expect.objectContaining({ message: 'Returned value must include <price/>, you passed "no price here"' }));
    expect(error).toHaveBeenCalledWith(
      'Extension broken:',
      expect.objectContaining({ message: 'The type returned by checkout filters must be the same as the type they receive. The function received string but returned number.' }),
    );
  });

  it('applies totalLabel, totalValue and the proceed button’s label and link, with the cart', () => {
    const el = page(fake.cart);
    const args: unknown[] = [];
    wc().registerCheckoutFilters('acme', {
      totalLabel: (label: string, extensions: unknown, arg: { cart: { cartTotals: { total_price: string } } }) => {
        args.push(['totalLabel', extensions, arg.cart.cartTotals.total_price]);
        return `${label} to pay`;
      },
      totalValue: () => '<price/> (all in)',
      proceedToCheckoutButtonLabel: (label: string, _e: unknown, arg: { cart: { itemsCount: number } }) => `${label} (${String(arg.cart.itemsCount)} items)`,
      proceedToCheckoutButtonLink: () => '/checkout/?acme=1',
    });
    start(el);
    const total = within(totals(el)).getByRole('group', { name: 'Total to pay' });
    expect(total.querySelector('.totals-item__value')?.textContent).toBe(`$54.00 (all in)`);
    const proceed = getByRole(el, 'link', { name: 'Proceed to checkout (3 items)' });
    expect(proceed.getAttribute('href')).toBe('/checkout/?acme=1');
    expect(args).toEqual([['totalLabel', {}, fake.cart.totals.total_price]]);
  });

  it('filters the coupons shown and the coupon notices', async () => {
    fake.cart = { ...fake.cart, coupons: [{ code: 'welcome10', discount_type: 'percent', totals: { ...fake.cart.totals, total_discount: '100', total_discount_tax: '0' } }] };
    const el = page(fake.cart);
    const noticeArgs: unknown[] = [];
    wc().registerCheckoutFilters('acme', {
      coupons: (coupons: { code: string; label: string }[], _e: unknown, arg: unknown) => {
        noticeArgs.push(['coupons', arg]);
        return coupons.map((coupon) => ({ ...coupon, label: `Welcome offer (${coupon.code})` }));
      },
      showApplyCouponNotice: (show: boolean, _e: unknown, arg: unknown) => {
        noticeArgs.push(['apply', arg]);
        return !show;
      },
    });
    start(el);
    expect(within(totals(el)).getByRole('group', { name: 'Coupon: Welcome offer (welcome10)' })).toBeTruthy();
    expect(noticeArgs[0]).toEqual(['coupons', { context: 'summary' }]);
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await act(async () => {
      await user.click(getByRole(el, 'button', { name: 'Add a coupon' }));
    });
    await act(async () => {
      await user.type(getByRole(el, 'textbox', { name: 'Coupon code' }), 'summer');
      await user.click(getByRole(el, 'button', { name: 'Apply' }));
    });
    await settle();
    await settle();
    expect(noticeArgs).toContainEqual(['apply', { couponCode: 'summer', context: 'wc/cart' }]);
    expect(fake.cart.coupons.map((coupon) => coupon.code)).toContain('summer');
    expect(JSON.stringify(getCartRuntime().notices.store.getState())).not.toContain('has been applied to your cart');
  });
});

describe('slots on the cart', () => {
  it('renders order meta and shipping package fills with WooCommerce’s props (context woocommerce/cart)', async () => {
    fake.cart = {
      ...fake.cart,
      needs_shipping: true,
      shipping_rates: [
        {
          package_id: 0,
          name: 'Shipment 1',
          destination: { address_1: '', address_2: '', city: '', state: '', postcode: '', country: 'GB' },
          items: [],
          shipping_rates: [
            { rate_id: 'flat_rate:1', name: 'Flat rate', description: '', delivery_time: '', price: '500', taxes: '0', instance_id: 1, method_id: 'flat_rate', meta_data: [], selected: true, ...fake.cart.totals },
          ],
        },
      ],
    };
    const el = page(fake.cart);
    const received: Record<string, unknown>[] = [];
    const PackagesFill = (props: Record<string, unknown>) => {
      received.push(props);
      const renderOption = props.renderOption as (rate: unknown) => { label: string; secondaryLabel: string };
      const option = renderOption((fake.cart.shipping_rates[0]?.shipping_rates ?? [])[0]);
      return createElement('p', null, `Acme packages in ${String(props.context)}: ${option.label} ${option.secondaryLabel}`);
    };
    const MetaFill = (props: { context?: string }) => createElement('p', null, `Acme meta in ${String(props.context)}`);
    act(() => {
      wp().registerPlugin('acme-slots', {
        scope: 'woocommerce-checkout',
        render: () =>
          createElement(
            'div',
            null,
            createElement(wc().ExperimentalOrderShippingPackages, null, createElement(PackagesFill)),
            createElement(wc().ExperimentalOrderMeta, null, createElement(MetaFill)),
          ),
      });
    });
    start(el);
    await settle();
    expect(totals(el).textContent).toContain('Acme packages in woocommerce/cart: Flat rate $5.00');
    expect(totals(el).textContent).toContain('Acme meta in woocommerce/cart');
    const props = received.at(-1) ?? {};
    expect(Object.keys(props).sort()).toEqual(['cart', 'collapse', 'collapsible', 'components', 'context', 'extensions', 'noResultsMessage', 'renderOption', 'showItems']);
    expect((props.cart as { cartNeedsShipping: boolean }).cartNeedsShipping).toBe(true);
    expect(typeof (props.components as { ShippingRatesControlPackage: unknown }).ShippingRatesControlPackage).toBe('function');
  });
});

describe('checkout blocks on the cart', () => {
  it('renders a block registered for the cart totals at the end of the totals, with the cart', () => {
    const el = page(fake.cart);
    const Note = ({ cart, extensions }: { cart: { cartItemsCount: number }; extensions: unknown }) =>
      createElement('p', null, `Free gift wrap for ${String(cart.cartItemsCount)} items (${JSON.stringify(extensions)})`);
    wc().registerCheckoutBlock({ metadata: { name: 'acme/gift-note', parent: ['woocommerce/cart-totals-block'] }, component: Note });
    start(el);
    const block = totals(el).querySelector('[data-block-name="acme/gift-note"]');
    expect(block?.textContent).toBe('Free gift wrap for 3 items ({})');
    expect(block?.closest('[data-inner-block-area]')?.getAttribute('data-inner-block-area')).toBe('woocommerce/cart-totals-block');
  });
});

// The checkout island on a page with extensions (issue 25), beyond the example extension:
// checkout filters in the order summary, checkout blocks in their inner block areas, the
// shipping slot's fills, express methods' props and a saved token's component.

import { act, createElement, useState, type ReactNode } from 'react';
import { getByRole, queryByRole, within } from '@testing-library/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getCartRuntime, resetCartRuntime } from '../../core';
import { FakeStoreApi, makeCart, makeItem, makeRate } from '../../core/testing/fakeStoreApi';
import { installGlobals } from '../../extensions/globals';
import { extensionHost } from '../../registry/host';
import { mount } from './index';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let fake: FakeStoreApi;
let cleanup: (() => void) | undefined;

interface Wc {
  blocksCheckout: {
    registerCheckoutFilters: (namespace: string, filters: Record<string, unknown>) => void;
    registerCheckoutBlock: (options: unknown) => void;
    ExperimentalOrderShippingPackages: (props: { children?: ReactNode }) => null;
    ExperimentalOrderLocalPickupPackages: (props: { children?: ReactNode }) => null;
  };
  wcBlocksRegistry: {
    registerPaymentMethod: (config: unknown) => void;
    registerExpressPaymentMethod: (config: unknown) => void;
  };
}
const wc = () => window.wc as unknown as Wc;
const wp = () => window.wp as unknown as { plugins: { registerPlugin: (name: string, settings: { render: () => ReactNode; scope: string }) => unknown } };

function page(extraSettings: Record<string, unknown> = {}): HTMLElement {
  const settings = {
    extensions: ['acme'],
    wcSettings: {
      paymentMethodData: {
        cod: { title: 'Cash on delivery', description: 'Pay with cash upon delivery.', supports: ['products'] },
        acme: { title: 'Acme', description: 'Pay with Acme.', supports: ['products'] },
      },
      currentUserId: 0,
      ...extraSettings,
    },
    wcBlocksMiddlewareConfig: { storeApiNonce: fake.nonce, storeApiNonceTimestamp: fake.nonceTimestamp },
    cartHash: 'page-hash',
  };
  const data = {
    cart: fake.cart,
    billingAddress: { country: 'GB' },
    shippingAddress: { country: 'GB' },
    countries: [{ code: 'GB', name: 'United Kingdom (UK)', states: [], locale: { state: { required: false } }, postcode: null }],
    termsUrl: '/terms/',
  };
  document.cookie = 'woocommerce_cart_hash=page-hash; path=/';
  document.body.innerHTML = `
    <script type="application/json" id="mercato-settings">${JSON.stringify(settings)}</script>
    <script type="application/json" id="mercato-checkout">${JSON.stringify(data)}</script>
    <div class="checkout-island" data-island="checkout"><form>classic checkout</form></div>`;
  const el = document.querySelector<HTMLElement>('[data-island="checkout"]');
  if (el === null) throw new Error('no container');
  window.mercatoCartRuntime = getCartRuntime();
  installGlobals(window, extensionHost(window));
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

const summary = (el: HTMLElement) => getByRole(el, 'region', { name: 'Order summary' });

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const item = makeItem('mug', 1, { id: 17, name: 'Enamel Camp Mug', extensions: { acme: { gift: true } } });
  const onSale = {
    ...item,
    prices: { ...item.prices, price: '1800', regular_price: '2000' },
    totals: { ...item.totals, line_subtotal: '1800', line_total: '1800' },
  };
  fake = new FakeStoreApi(makeCart([onSale], { payment_methods: ['cod', 'acme'] }));
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

describe('checkout filters in the order summary', () => {
  it('applies the line filters with {context: summary}, and totalLabel/totalValue', async () => {
    const el = page();
    const contexts: unknown[] = [];
    wc().blocksCheckout.registerCheckoutFilters('acme', {
      itemName: (name: string, extensions: Record<string, { gift?: boolean }>, args: { context: string }) => {
        contexts.push(args.context);
        return extensions.acme?.gift === true ? `${name} (gift)` : name;
      },
      cartItemClass: () => 'is-gift',
      cartItemPrice: () => '<price/> total',
      saleBadgePriceFormat: () => 'only <price/>',
      totalLabel: () => 'Grand total',
      totalValue: () => '<price/> incl. everything',
      showRemoveItemLink: () => false,
    });
    await start(el);
    const line = within(summary(el)).getByText(/Enamel Camp Mug \(gift\)/).closest('li');
    expect(line?.classList.contains('is-gift')).toBe(true);
    expect(line?.querySelector('.checkout-summary__price')?.textContent).toBe('$18.00 total Save only $2.00');
    expect(contexts).toContain('summary');
    expect(contexts).not.toContain('cart');
    const total = within(summary(el)).getByRole('group', { name: 'Grand total' });
    expect(total.querySelector('.totals-item__value')?.textContent).toMatch(/^\$[\d.]+ incl\. everything$/);
  });

  it('re-renders when a filter is registered after the checkout mounted', async () => {
    const el = page();
    await start(el);
    expect(within(summary(el)).queryByText(/late/)).toBeNull();
    act(() => {
      wc().blocksCheckout.registerCheckoutFilters('late', { itemName: (name: string) => `${name} (late)` });
    });
    expect(within(summary(el)).getByText(/Enamel Camp Mug \(late\)/)).toBeTruthy();
  });
});

describe('checkout blocks', () => {
  it('renders a registered block at the end of its area with checkoutExtensionData, cart and attribute defaults', async () => {
    const el = page();
    const Newsletter = ({ checkoutExtensionData, cart, label }: { checkoutExtensionData: { setExtensionData: (ns: string, key: string, value: unknown) => void }; cart: { cartItemsCount: number }; label: string }) => {
      const [checked, setChecked] = useState(false);
      return createElement(
        'label',
        null,
        createElement('input', {
          type: 'checkbox',
          checked,
          onChange: () => {
            setChecked(!checked);
            checkoutExtensionData.setExtensionData('acme-newsletter', 'optin', !checked);
          },
        }),
        `${label} (${String(cart.cartItemsCount)} item)`,
      );
    };
    wc().blocksCheckout.registerCheckoutBlock({
      metadata: {
        name: 'acme/newsletter',
        parent: ['woocommerce/checkout-contact-information-block'],
        attributes: { label: { type: 'string', default: 'Send me news' } },
      },
      component: Newsletter,
    });
    await start(el);
    const contact = getByRole(el, 'group', { name: 'Contact information' });
    const box = within(contact).getByRole('checkbox', { name: 'Send me news (1 item)' });
    act(() => {
      box.click();
    });
    expect(extensionHost(window).stores().checkout.getState().extensionData['acme-newsletter']).toEqual({ optin: true });
    expect(el.querySelector('[data-block-name="acme/newsletter"]')?.closest('[data-inner-block-area]')?.getAttribute('data-inner-block-area')).toBe(
      'woocommerce/checkout-contact-information-block',
    );
  });

  it('keeps the checkout usable when a block throws', async () => {
    const el = page();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    wc().blocksCheckout.registerCheckoutBlock({
      metadata: { name: 'acme/broken', parent: ['woocommerce/checkout-fields-block'] },
      component: () => {
        throw new Error('block failed');
      },
    });
    await start(el);
    expect(getByRole(el, 'button', { name: 'Place Order' })).toBeTruthy();
    expect(error).toHaveBeenCalledWith('Extension acme/broken:', expect.objectContaining({ message: 'block failed' }));
  });
});

describe('shipping slot in the checkout', () => {
  it('renders ExperimentalOrderShippingPackages fills in the shipping step with context woocommerce/checkout', async () => {
    fake.cart = {
      ...fake.cart,
      needs_shipping: true,
      shipping_rates: [
        {
          package_id: 0,
          name: 'Shipment 1',
          destination: { address_1: '', address_2: '', city: '', state: '', postcode: '', country: 'GB' },
          items: [],
          shipping_rates: [makeRate('flat_rate:1', true)],
        },
      ],
    };
    const el = page();
    const Fill = (props: { context?: string; components?: { ShippingRatesControlPackage?: unknown }; cart?: { shippingRates?: unknown[] } }) =>
      createElement('p', null, `Acme delivery slots (${String(props.context)}, ${String(props.cart?.shippingRates?.length)} package, ${typeof props.components?.ShippingRatesControlPackage})`);
    act(() => {
      wp().plugins.registerPlugin('acme-delivery', {
        scope: 'woocommerce-checkout',
        render: () => createElement(wc().blocksCheckout.ExperimentalOrderShippingPackages, null, createElement(Fill)),
      });
    });
    await start(el);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    const step = getByRole(el, 'group', { name: 'Shipping options' });
    expect(step.textContent).toContain('Acme delivery slots (woocommerce/checkout, 1 package, function)');
  });
});

describe('pickup slot in the checkout', () => {
  it('renders ExperimentalOrderLocalPickupPackages fills in the pickup step with WooCommerce’s props', async () => {
    fake.cart = {
      ...fake.cart,
      needs_shipping: true,
      shipping_rates: [
        {
          package_id: 0,
          name: 'Shipment 1',
          destination: { address_1: '', address_2: '', city: '', state: '', postcode: '', country: 'GB' },
          items: [],
          shipping_rates: [makeRate('flat_rate:1'), makeRate('pickup_location:0', true, { name: 'Main Street store' })],
        },
      ],
    };
    const el = page({ localPickupEnabled: true, collectableMethodIds: ['pickup_location'] });
    const received: Record<string, unknown>[] = [];
    const Fill = (props: Record<string, unknown>) => {
      received.push(props);
      const components = props.components as { LocalPickupSelect: (p: Record<string, unknown>) => ReactNode };
      const render = props.renderPickupLocation as (rate: unknown, count: number) => { label: string };
      const rate = (fake.cart.shipping_rates[0]?.shipping_rates ?? [])[1];
      return createElement(
        'div',
        null,
        createElement('p', null, `Acme lockers beside ${render(rate, 1).label}`),
        createElement(components.LocalPickupSelect, { title: 'Acme lockers', pickupLocations: rate === undefined ? [] : [rate], selectedOption: '' }),
      );
    };
    act(() => {
      wp().plugins.registerPlugin('acme-lockers', {
        scope: 'woocommerce-checkout',
        render: () => createElement(wc().blocksCheckout.ExperimentalOrderLocalPickupPackages, null, createElement(Fill)),
      });
    });
    await start(el);
    const step = getByRole(el, 'group', { name: 'Pickup locations' });
    expect(step.textContent).toContain('Acme lockers beside Main Street store');
    expect(within(within(step).getByRole('group', { name: 'Acme lockers' })).getByRole('radio', { name: 'Main Street store' })).toBeTruthy();
    expect(Object.keys(received.at(-1) ?? {}).sort()).toEqual(['cart', 'components', 'extensions', 'renderPickupLocation']);
  });
});

describe('express methods and saved tokens', () => {
  it('gives an express method onClick, onClose, onError and buttonAttributes from the shop’s setting', async () => {
    const el = page({ expressPaymentButtonStyles: { buttonHeight: '55', buttonBorderRadius: '8' } });
    const seen: Record<string, unknown>[] = [];
    const Button = (props: Record<string, unknown>) => {
      seen.push(props);
      const { onClick, onClose, onError } = props as { onClick: () => void; onClose: () => void; onError: (m: string) => void };
      return createElement(
        'div',
        null,
        createElement('button', { type: 'button', onClick }, 'Acme Pay start'),
        createElement('button', { type: 'button', onClick: onClose }, 'Acme Pay close'),
        createElement('button', { type: 'button', onClick: () => { onError('Acme Pay was declined.'); } }, 'Acme Pay fail'),
      );
    };
    wc().wcBlocksRegistry.registerExpressPaymentMethod({ name: 'acme_express', content: createElement(Button), edit: createElement(Button), canMakePayment: () => true, paymentMethodId: 'acme' });
    await start(el);
    const payment = extensionHost(window).stores().payment;
    const before = payment.getState().activePaymentMethod;
    act(() => {
      getByRole(el, 'button', { name: 'Acme Pay start' }).click();
    });
    expect(payment.getState().status).toBe('express_started');
    expect(payment.getState().activePaymentMethod).toBe('acme_express');
    act(() => {
      getByRole(el, 'button', { name: 'Acme Pay close' }).click();
    });
    expect(payment.getState().status).toBe('idle');
    expect(payment.getState().activePaymentMethod).toBe(before);
    act(() => {
      getByRole(el, 'button', { name: 'Acme Pay start' }).click();
    });
    act(() => {
      getByRole(el, 'button', { name: 'Acme Pay fail' }).click();
    });
    expect(payment.getState().status).toBe('has_error');
    expect(payment.getState().activePaymentMethod).toBe(before);
    // The notice's HTML sanitiser is a chunk of its own: the notice shows once it came.
    const express = () => getByRole(el, 'region', { name: 'Express checkout' }).textContent;
    for (let i = 0; i < 50 && !express().includes('Acme Pay was declined.'); i += 1) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(20);
      });
    }
    expect(express()).toContain('Acme Pay was declined.');
    const props = seen.at(-1) ?? {};
    expect(props.buttonAttributes).toEqual({ height: '55', borderRadius: '8' });
    expect(typeof props.setExpressPaymentError).toBe('function');
    expect(props.eventRegistration).toBeTruthy();
  });

  it('gives a bare <button> express content its handlers only, not the other props as attributes', async () => {
    const el = page();
    wc().wcBlocksRegistry.registerExpressPaymentMethod({
      name: 'acme_button',
      content: createElement('button', { type: 'button' }, 'Acme one-click'),
      edit: createElement('span', null, 'Acme one-click'),
      canMakePayment: () => true,
    });
    await start(el);
    const button = getByRole(el, 'button', { name: 'Acme one-click' });
    expect(button.getAttributeNames().sort()).toEqual(['type']);
    act(() => {
      button.click();
    });
    expect(extensionHost(window).stores().payment.getState().status).toBe('express_started');
  });

  it('shows a saved token’s component with its token when the saved card is chosen', async () => {
    const el = page({
      customerPaymentMethods: { cc: [{ tokenId: 42, method: { gateway: 'acme', last4: '4242', brand: 'Visa' }, expires: '12/40', is_default: true }] },
    });
    const Saved = ({ token }: { token?: string }) => createElement('p', null, `Acme will charge token ${String(token)}`);
    wc().wcBlocksRegistry.registerPaymentMethod({
      name: 'acme',
      label: 'Acme',
      ariaLabel: 'Acme',
      content: createElement('p', null, 'Acme new card'),
      edit: createElement('p', null, 'Acme new card'),
      savedTokenComponent: createElement(Saved),
      canMakePayment: () => true,
      supports: { showSavedCards: true, features: ['products'] },
    });
    await start(el);
    act(() => {
      getByRole(el, 'radio', { name: 'Visa ending in 4242 (expires 12/40)' }).click();
    });
    expect(getByRole(el, 'group', { name: 'Payment options' }).textContent).toContain('Acme will charge token 42');
    expect(queryByRole(el, 'radio', { name: 'Use a new acme' })).toBeTruthy();
  });
});

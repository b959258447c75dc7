// The checkout island on a page with extensions (issue 25): it lists the methods registered
// through the wc.* globals (the page's one registry), renders slot fills, applies the
// placeOrderButtonLabel filter, and stays usable when an extension throws in render.

import { act, createElement } from 'react';
import { getByRole, queryByRole } from '@testing-library/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import exampleScript from '../../../../examples/extensions/dummy/index.js?raw';
import { getCartRuntime, resetCartRuntime } from '../../core';
import { FakeStoreApi, makeCart, makeItem } from '../../core/testing/fakeStoreApi';
import { installGlobals } from '../../extensions/globals';
import { extensionHost } from '../../registry/host';
import { mount } from './index';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let fake: FakeStoreApi;
let cleanup: (() => void) | undefined;

function runClassicScript(text: string): void {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval, @typescript-eslint/no-unsafe-call
  new Function(text)();
}

function page(): HTMLElement {
  const settings = {
    extensions: ['dummy'],
    wcSettings: {
      paymentMethodData: {
        cod: { title: 'Cash on delivery', description: 'Pay with cash upon delivery.', supports: ['products'] },
        dummy: { title: 'Dummy', description: 'Pay with the dummy gateway.', supports: ['products'] },
      },
      currentUserId: 0,
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

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  fake = new FakeStoreApi(makeCart([makeItem('mug', 1, { id: 17, name: 'Enamel Camp Mug' })], { payment_methods: ['cod', 'dummy'] }));
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
  delete window.mercatoExtensions;
  delete window.mercatoCartRuntime;
  delete window.wc;
  delete window.wp;
  delete window.React;
  delete window.ReactDOM;
  delete window.ReactJSXRuntime;
});

describe('the checkout island with extensions', () => {
  it('lists the example extension’s method, shows its order meta and its Place Order label', async () => {
    const el = page();
    window.mercatoCartRuntime = getCartRuntime();
    installGlobals(window, extensionHost(window));
    act(() => {
      runClassicScript(exampleScript);
    });
    await start(el);
    expect(getByRole(el, 'radio', { name: 'Dummy' })).toBeTruthy();
    expect(getByRole(el, 'button', { name: 'Place Order with Dummy' })).toBeTruthy();
    await vi.waitFor(() => {
      expect(el.textContent).toContain('Dummy order meta for woocommerce/checkout');
    });
    expect(extensionHost(window).stores().checkout.getState().extensionData).toEqual({ dummy: { source: 'example' } });
  });

  it('stays usable when an extension’s method throws in render', async () => {
    const el = page();
    installGlobals(window, extensionHost(window));
    const wc = window.wc as { wcBlocksRegistry: { registerPaymentMethod: (c: unknown) => void } };
    const Broken = () => {
      throw new Error('render failed');
    };
    wc.wcBlocksRegistry.registerPaymentMethod({
      name: 'dummy',
      label: 'Broken',
      ariaLabel: 'Broken',
      content: createElement(Broken),
      edit: null,
      canMakePayment: () => true,
    });
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await start(el);
    act(() => {
      getByRole(el, 'radio', { name: 'Broken' }).click();
    });
    expect(getByRole(el, 'button', { name: 'Place Order' })).toBeTruthy();
    expect(queryByRole(el, 'radio', { name: 'Cash on delivery' })).toBeTruthy();
    expect(error).toHaveBeenCalledWith('Extension dummy:', expect.objectContaining({ message: 'render failed' }));
  });
});

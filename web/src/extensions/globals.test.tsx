// The extension globals (issue 25): the facade's selectors and actions, the filters' type
// check, registerCheckoutBlock's checks, React 18 elements, isolation, and the example
// extension (examples/extensions/dummy/index.js) loaded as a classic script.

import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCartRuntime, parseCartSettings, type CartRuntime } from '../core';
import { makeCart } from '../core/testing/fakeStoreApi';
import { createExtensionHost, type ExtensionHost } from '../registry/host';
import { ExtensionSlot } from '../components/ExtensionSlot';
import { FILTER_TYPE_MESSAGE } from './checkout-api';
import { createGlobals, installGlobals } from './globals';
import { isLegacyElement, toCurrentElements } from './legacy-elements';
import exampleScript from '../../../examples/extensions/dummy/index.js?raw';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Runs a script's text as the browser runs a classic script: what these tests are about. */
function runClassicScript(text: string): void {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval, @typescript-eslint/no-unsafe-call
  new Function(text)();
}

let runtime: CartRuntime;
let host: ExtensionHost;
let log: ReturnType<typeof vi.fn<(...args: unknown[]) => void>>;

function settings(value: unknown): void {
  document.body.innerHTML = `<script type="application/json" id="mercato-settings">${JSON.stringify(value)}</script>`;
}

beforeEach(() => {
  settings({
    extensions: ['dummy'],
    wcSettings: { paymentMethodData: { dummy: { title: 'Dummy &amp; Co', description: 'Pay later' } }, storeName: 'Shop' },
    currency: { code: 'EUR', symbol: '€', minorUnit: 2, decimalSeparator: ',', thousandSeparator: '.', prefix: '', suffix: ' €' },
  });
  runtime = createCartRuntime({ settings: parseCartSettings(null), fetch: () => new Promise<Response>(() => undefined) });
  runtime.cart.applyServerCart(makeCart());
  log = vi.fn<(...args: unknown[]) => void>();
  host = createExtensionHost({ runtime: () => runtime, log });
});

afterEach(() => {
  runtime.stop();
  document.body.innerHTML = '';
  // The test files share one window (vite.config.ts): leave no globals behind.
  delete window.wc;
  delete window.wp;
  delete window.React;
  delete window.ReactDOM;
  delete window.ReactJSXRuntime;
});

const noop = () => true;

describe('wc.wcSettings', () => {
  it('resolves {id}_data through paymentMethodData and applies the filter', () => {
    const { wc } = createGlobals(host, document);
    const s = wc.wcSettings as { getSetting: (n: string, f?: unknown, filter?: (v: unknown) => unknown) => unknown; getPaymentMethodData: (id: string, f?: unknown) => unknown };
    expect(s.getSetting('dummy_data', {})).toEqual({ title: 'Dummy &amp; Co', description: 'Pay later' });
    expect(s.getSetting('storeName')).toBe('Shop');
    expect(s.getSetting('missing', 'fallback')).toBe('fallback');
    expect(s.getSetting('storeName', '', (v) => `${String(v)}!`)).toBe('Shop!');
    expect(s.getPaymentMethodData('dummy')).toEqual({ title: 'Dummy &amp; Co', description: 'Pay later' });
    expect(s.getPaymentMethodData('nope', 'x')).toBe('x');
  });
});

describe('wp.data facade', () => {
  it('reads the cart, checkout, payment and validation stores and acts on them', () => {
    const { wp } = createGlobals(host, document);
    const data = wp.data as unknown as { select: (k: string) => Record<string, (...a: unknown[]) => unknown>; dispatch: (k: string) => Record<string, (...a: unknown[]) => unknown>; subscribe: (l: () => void) => () => void };
    expect(data.select('wc/store/cart').getCartData?.()).toMatchObject({ itemsCount: 0, needsShipping: expect.any(Boolean) as boolean });
    expect(data.select('wc/store/cart').getCustomerData?.()).toHaveProperty('shippingAddress');

    const listener = vi.fn();
    const stop = data.subscribe(listener);
    data.dispatch('wc/store/checkout').setExtensionData?.('dummy', { a: 1 });
    expect(host.stores().checkout.getState().extensionData).toEqual({ dummy: { a: 1 } });
    expect(data.select('wc/store/checkout').getExtensionData?.()).toEqual({ dummy: { a: 1 } });
    expect(listener).toHaveBeenCalled();
    stop();

    data.dispatch('wc/store/validation').setValidationErrors?.({ 'dummy-card': { message: 'Card number is wrong', hidden: false } });
    expect(data.select('wc/store/validation').hasValidationErrors?.()).toBe(true);
    expect(data.select('wc/store/validation').getValidationError?.('dummy-card')).toMatchObject({ message: 'Card number is wrong' });
    data.dispatch('wc/store/validation').clearValidationError?.('dummy-card');
    expect(data.select('wc/store/validation').hasValidationErrors?.()).toBe(false);

    host.stores().payment.setAvailablePaymentMethods(['cod']);
    expect(data.select('wc/store/payment').getActivePaymentMethod?.()).toBe('cod');
    expect(data.select('wc/store/payment').getAvailablePaymentMethods?.()).toEqual({ cod: { name: 'cod' } });
    expect(data.select('wc/store/checkout').isIdle?.()).toBe(true);
    expect(() => data.select('wc/store/nothing')).toThrow(/no store/);
  });
});

describe('wp.data subscriptions per store', () => {
  it('subscribe(listener, store) hears that store only', () => {
    const { wp } = createGlobals(host, document);
    const data = wp.data as unknown as { subscribe: (l: () => void, store?: unknown) => () => void };
    const validationOnly = vi.fn();
    const any = vi.fn();
    const stops = [data.subscribe(validationOnly, 'wc/store/validation'), data.subscribe(any)];
    host.stores().checkout.setOrderNotes('Ring twice');
    expect(any).toHaveBeenCalledTimes(1);
    expect(validationOnly).not.toHaveBeenCalled();
    host.stores().validation.setValidationErrors({ card: { message: 'Wrong', hidden: false } });
    expect(validationOnly).toHaveBeenCalledTimes(1);
    for (const stop of stops) stop();
  });

  it('useSelect runs mapSelect again only when a store it read changed', async () => {
    const { wp } = createGlobals(host, document);
    const data = wp.data as unknown as {
      useSelect: (map: (select: (key: string) => Record<string, () => unknown>) => unknown) => unknown;
    };
    const runs = vi.fn();
    const mapSelect = (select: (key: string) => Record<string, () => unknown>) => {
      runs();
      return select('wc/store/validation').hasValidationErrors?.();
    };
    const shown: unknown[] = [];
    const Probe = () => {
      const value = data.useSelect(mapSelect);
      shown.push(value);
      return createElement('span', null, String(value));
    };
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    await act(async () => {
      root.render(createElement(Probe));
      await Promise.resolve();
    });
    const before = runs.mock.calls.length;
    act(() => {
      host.stores().checkout.setOrderNotes('Leave at the door');
      host.stores().payment.setAvailablePaymentMethods(['cod']);
    });
    expect(runs.mock.calls.length).toBe(before);
    act(() => {
      host.stores().validation.setValidationErrors({ card: { message: 'Wrong', hidden: false } });
    });
    expect(runs.mock.calls.length).toBeGreaterThan(before);
    expect(container.textContent).toBe('true');
    act(() => {
      root.unmount();
    });
    container.remove();
  });
});

describe('wc.blocksCheckout', () => {
  it('keeps a filter that returns the type it receives and skips one that does not, with the SPEC §8.5 message', () => {
    const { wc } = createGlobals(host, document);
    const api = wc.blocksCheckout as { registerCheckoutFilters: (ns: string, f: Record<string, unknown>) => void };
    api.registerCheckoutFilters('good', { totalLabel: (v: string) => `${v}!` });
    api.registerCheckoutFilters('bad', { totalLabel: () => 42 });
    api.registerCheckoutFilters('thrower', {
      totalLabel: () => {
        throw new Error('boom');
      },
    });
    expect(host.applyFilter('totalLabel', 'Total', {}, {})).toBe('Total!');
    expect(log).toHaveBeenCalledWith('Extension bad:', expect.objectContaining({ message: `${FILTER_TYPE_MESSAGE} The function received string but returned number.` }));
    expect(log).toHaveBeenCalledWith('Extension thrower:', expect.objectContaining({ message: 'boom' }));
  });

  it('checks registerCheckoutBlock as SPEC §5.4 says', () => {
    const { wc } = createGlobals(host, document);
    const api = wc.blocksCheckout as { registerCheckoutBlock: (o: unknown) => void; getRegisteredBlocks: () => unknown[] };
    const Component = () => null;
    expect(() => {
      api.registerCheckoutBlock({ metadata: { name: 'x/y', parent: ['nowhere'] }, component: Component });
    }).toThrow(/valid parent inner block area/);
    expect(() => {
      api.registerCheckoutBlock({ metadata: { name: '', parent: ['woocommerce/checkout-fields-block'] }, component: Component });
    }).toThrow('blockName argument must not be empty.');
    expect(() => {
      api.registerCheckoutBlock({ metadata: { name: 'x/y', parent: ['woocommerce/checkout-fields-block'] }, component: 'nope' });
    }).toThrow(
      'Component must be a valid React Element or Lazy callback',
    );
    api.registerCheckoutBlock({ metadata: { name: 'x/y', parent: ['woocommerce/checkout-fields-block'] }, component: Component });
    expect(api.getRegisteredBlocks()).toHaveLength(1);
  });

  it('lists WooCommerce’s inner block areas by their enum names and keeps blocks by area', () => {
    const { wc } = createGlobals(host, document);
    const api = wc.blocksCheckout as {
      innerBlockAreas: Record<string, string>;
      registerCheckoutBlock: (o: unknown) => void;
    };
    expect(api.innerBlockAreas.CHECKOUT_FIELDS).toBe('woocommerce/checkout-fields-block');
    expect(api.innerBlockAreas.PICKUP_LOCATION).toBe('woocommerce/checkout-pickup-options-block');
    expect(api.innerBlockAreas.CHECKOUT_ORDER_SUMMARY).toBe('woocommerce/checkout-order-summary-block');
    expect(Object.keys(api.innerBlockAreas)).toHaveLength(23);
    const A = () => null;
    const B = () => null;
    api.registerCheckoutBlock({ metadata: { name: 'x/a', parent: ['woocommerce/checkout-fields-block', 'woocommerce/checkout-totals-block'] }, component: A });
    api.registerCheckoutBlock({ metadata: { name: 'x/b', parent: ['woocommerce/checkout-totals-block'] }, component: B });
    expect(host.blocks('woocommerce/checkout-totals-block').map((b) => b.metadata.name)).toEqual(['x/a', 'x/b']);
    expect(host.blocks('woocommerce/checkout-fields-block').map((b) => b.metadata.name)).toEqual(['x/a']);
    const registry = wc.wcBlocksRegistry as { getRegisteredBlockComponents: (area: string) => Record<string, unknown> };
    expect(Object.keys(registry.getRegisteredBlockComponents('woocommerce/checkout-totals-block'))).toEqual(['x/a', 'x/b']);
    expect(() => {
      api.registerCheckoutBlock({ metadata: { name: 'x/c', parent: [] }, component: A });
    }).toThrow(/valid parent inner block area/);
  });

  it('replaces a namespace’s filters when it registers again, and applies a call site’s validation', () => {
    const { wc } = createGlobals(host, document);
    const api = wc.blocksCheckout as {
      registerCheckoutFilters: (ns: string, f: Record<string, unknown>) => void;
      applyCheckoutFilter: (o: { filterName: string; defaultValue: unknown; extensions?: unknown; arg?: unknown; validation?: (v: unknown) => unknown }) => unknown;
    };
    api.registerCheckoutFilters('acme', { itemName: (v: string) => `${v} 1` });
    api.registerCheckoutFilters('acme', { itemName: (v: string) => `${v} 2` });
    expect(api.applyCheckoutFilter({ filterName: 'itemName', defaultValue: 'Mug' })).toBe('Mug 2');
    const received: unknown[] = [];
    api.registerCheckoutFilters('other', {
      cartItemPrice: (v: string, extensions: unknown) => {
        received.push(extensions);
        return v.replace('<price/>', 'free');
      },
    });
    const mustKeepPrice = (v: unknown) => typeof v === 'string' && v.includes('<price/>');
    expect(api.applyCheckoutFilter({ filterName: 'cartItemPrice', defaultValue: '<price/>', validation: mustKeepPrice })).toBe('<price/>');
    expect(api.applyCheckoutFilter({ filterName: 'cartItemPrice', defaultValue: '<price/>' })).toBe('free');
    expect(received).toEqual([{}, {}]);
  });

  it('reports each distinct error once, however often the filter runs', () => {
    const { wc } = createGlobals(host, document);
    const api = wc.blocksCheckout as { registerCheckoutFilters: (ns: string, f: Record<string, unknown>) => void };
    api.registerCheckoutFilters('noisy', {
      totalLabel: () => {
        throw new Error('always');
      },
    });
    for (let i = 0; i < 5; i += 1) {
      expect(host.applyFilter('totalLabel', 'Total', {}, {})).toBe('Total');
    }
    expect(log.mock.calls.filter(([source]) => source === 'Extension noisy:')).toHaveLength(1);
  });
});

describe('React 18 elements', () => {
  // A hand-written stand-in for a vendor bundle that embeds React 18's JSX runtime: it reads
  // React's old internals at load and brands its elements `Symbol.for('react.element')`.
  const bundle = `
    (function () {
      var owner = window.React.__SECRET_INTERNALS_DO_NOT_USE_OR_YOU_WILL_BE_FIRED.ReactCurrentOwner;
      function jsx(type, props, key) {
        return { $$typeof: Symbol.for('react.element'), type: type, key: key === undefined ? null : '' + key, ref: null, props: props, _owner: owner.current };
      }
      function Fields(props) {
        var state = window.React.useState('4242');
        return jsx('div', { className: 'legacy-fields', children: [
          jsx('label', { htmlFor: 'legacy-card', children: 'Card number' }, 'l'),
          jsx('input', { id: 'legacy-card', value: state[0], readOnly: true }, 'i'),
          jsx('span', { children: props.activePaymentMethod || 'none' }, 's'),
        ] });
      }
      window.wc.wcBlocksRegistry.registerPaymentMethod({
        name: 'legacy', label: jsx('span', { children: 'Legacy' }), ariaLabel: 'Legacy', content: jsx(Fields, {}), edit: jsx(Fields, {}),
        canMakePayment: function () { return true; },
      });
    })();`;

  it('loads a bundle that reads React 18 internals, and renders its elements with the checkout props', async () => {
    installGlobals(window, host);
    runClassicScript(bundle);
    const method = host.registry.paymentMethods().find((m) => m.name === 'legacy');
    expect(method).toBeDefined();
    expect(isLegacyElement(method?.content)).toBe(false);
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    await act(async () => {
      root.render(createElement((method?.content as unknown as { type: () => null }).type, { activePaymentMethod: 'legacy' }));
      await Promise.resolve();
    });
    expect(container.querySelector<HTMLInputElement>('#legacy-card')?.value).toBe('4242');
    expect(container.textContent).toContain('legacy');
    act(() => {
      root.unmount();
    });
  });

  it('is needed: React 19 refuses a legacy element as it is', () => {
    const legacy = { $$typeof: Symbol.for('react.element'), type: 'b', key: null, ref: null, props: { children: 'x' }, _owner: null };
    const root = createRoot(document.createElement('div'));
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => {
      act(() => {
        root.render(legacy as never);
      });
    }).toThrow();
    error.mockRestore();
    act(() => {
      root.render(toCurrentElements(legacy) as never);
    });
    root.unmount();
  });

  it('converts nested legacy elements and leaves current ones as they are', () => {
    const legacy = { $$typeof: Symbol.for('react.element'), type: 'b', key: null, ref: null, props: { children: 'x' } };
    const current = createElement('i', null, 'y');
    expect(toCurrentElements(current)).toBe(current);
    const converted = toCurrentElements(createElement('p', null, legacy)) as unknown as { props: { children: unknown } };
    expect(isLegacyElement(converted.props.children)).toBe(false);
  });
});

describe('isolation', () => {
  it('a method whose content throws in render leaves the rest rendered and reports the error', async () => {
    const { wc } = createGlobals(host, document);
    const registry = wc.wcBlocksRegistry as { registerPaymentMethod: (c: unknown) => void };
    const Broken = () => {
      throw new Error('render failed');
    };
    registry.registerPaymentMethod({ name: 'broken', label: 'Broken', ariaLabel: 'Broken', content: createElement(Broken), edit: null, canMakePayment: noop });
    const content = host.registry.paymentMethods()[0]?.content as unknown as ReturnType<typeof createElement>;
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(async () => {
      root.render(createElement('div', null, content, createElement('p', null, 'Place Order')));
      await Promise.resolve();
    });
    expect(container.textContent).toBe('Place Order');
    expect(log).toHaveBeenCalledWith('Extension broken:', expect.objectContaining({ message: 'render failed' }));
    error.mockRestore();
    act(() => {
      root.unmount();
    });
  });

  it('an extension callback that throws counts as "can pay" and is reported', () => {
    const { wc } = createGlobals(host, document);
    const registry = wc.wcBlocksRegistry as { registerPaymentMethodExtensionCallbacks: (ns: string, c: Record<string, unknown>) => void };
    registry.registerPaymentMethodExtensionCallbacks('thrower', {
      cod: () => {
        throw new Error('callback failed');
      },
    });
    const [callback] = host.registry.extensionCallbacksFor('cod');
    expect(callback?.({} as never)).toBe(true);
    expect(log).toHaveBeenCalledWith('Extension thrower:', expect.objectContaining({ message: 'callback failed' }));
  });
});

describe('the example extension', () => {
  it('registers its method, express method, observer, filter, slot fill and extension data', async () => {
    installGlobals(window, host);
    await act(async () => {
      runClassicScript(exampleScript);
      await Promise.resolve();
    });
    expect(host.registry.paymentMethods().map((m) => m.name)).toContain('dummy');
    expect(host.registry.paymentMethods().find((m) => m.name === 'dummy')?.ariaLabel).toBe('Dummy & Co');
    expect(host.registry.expressPaymentMethods().map((m) => m.name)).toContain('dummy_express');
    expect(host.stores().events.count('checkout_validation')).toBe(1);
    expect(host.applyFilter('placeOrderButtonLabel', 'Place Order', {}, {})).toBe('Place Order with Dummy');
    expect(host.stores().checkout.getState().extensionData).toEqual({ dummy: { source: 'example' } });
    expect(host.fills('ExperimentalOrderMeta')).toHaveLength(1);

    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    act(() => {
      root.render(createElement(ExtensionSlot, { host, name: 'ExperimentalOrderMeta', fillProps: { context: 'woocommerce/checkout' } }));
    });
    expect(container.textContent).toBe('Dummy order meta for woocommerce/checkout');
    act(() => {
      root.unmount();
    });
  });
});

// The `wc.*` and `wp.*` globals (issue 25, frontend.md §1.6): a facade over Mercato's own
// registry and stores (src/registry/host.ts), installed before any extension script runs
// (web/README.md, "Extensions"). Nothing here is a second registry or a second store.

import * as React from 'react';
import * as ReactDOM from 'react-dom';
import * as ReactDOMClient from 'react-dom/client';
import * as JSXRuntime from 'react/jsx-runtime';
import { ValidatedTextInput } from '../components/ValidatedTextInput';
import { getSetting, isRecordSetting, readSettingsJson } from '../core/settings';
import { asRecord } from '../lib/guards';
import { formatMoney, type MoneyFormat } from '../lib/money';
import { ExtensionBoundary } from '../components/ExtensionBoundary';
import type { ExtensionHost } from '../registry/host';
import { isElement } from '../registry/payment-methods/assertions';
import { createCheckoutApi } from './checkout-api';
import { components, TotalsWrapper } from './controls';
import { createDataFacade, CART_STORE_KEY, CHECKOUT_STORE_KEY, PAYMENT_STORE_KEY, VALIDATION_STORE_KEY } from './data';
import { guarded, isolatedElement } from './isolation';
import { reactGlobal, toCurrentElements } from './legacy-elements';
import { createHooks, decodeEntities, i18n } from './wp';

type Globals = Record<string, Record<string, unknown>>;

declare global {
  interface Window {
    wc?: Globals;
    wp?: Globals;
    React?: unknown;
    ReactDOM?: unknown;
    ReactJSXRuntime?: unknown;
  }
}

const ELEMENT_KEYS = ['label', 'content', 'edit', 'savedTokenComponent'] as const;

/** A registration with its elements converted and isolated, its callbacks guarded (a throw = can pay, as WooCommerce). */
function isolatedConfig(config: unknown, host: ExtensionHost): unknown {
  if (typeof config !== 'object' || config === null) {
    return config;
  }
  const raw = config as Record<string, unknown>;
  const name = typeof raw.name === 'string' ? raw.name : 'payment method';
  const out: Record<string, unknown> = { ...raw };
  for (const key of ELEMENT_KEYS) {
    const value = toCurrentElements(raw[key]);
    if (isElement(value)) {
      out[key] = isolatedElement(value, name, host);
    }
  }
  return out;
}

function settingsOf(doc: Document): Readonly<Record<string, unknown>> {
  const all = asRecord(readSettingsJson(doc));
  return { ...all, ...asRecord(all.wcSettings) };
}

/** `getSetting(name, fallback, filter)` as WooCommerce's `wc.wcSettings`: `{id}_data` resolves through `paymentMethodData[id]`. */
function createSettings(doc: Document) {
  const getSetting_ = (name: string, fallback: unknown = false, filter: (value: unknown, fallback: unknown) => unknown = (value) => value): unknown => {
    const all = settingsOf(doc);
    let value: unknown = Object.hasOwn(all, name) ? all[name] : undefined;
    if (value === undefined && name.endsWith('_data')) {
      const methods = asRecord(all.paymentMethodData);
      const id = name.slice(0, -'_data'.length);
      value = Object.hasOwn(methods, id) ? methods[id] : undefined;
    }
    return filter(value === undefined ? fallback : value, fallback);
  };
  return {
    getSetting: getSetting_,
    getSettingWithCoercion: (name: string, fallback: unknown, typeGuard: (value: unknown) => boolean) => {
      const value = getSetting_(name, fallback);
      return typeGuard(value) ? value : fallback;
    },
    getPaymentMethodData: (id: string, fallback: unknown = null) => {
      const methods = getSetting('paymentMethodData', {}, isRecordSetting, doc);
      return Object.hasOwn(methods, id) ? methods[id] : fallback;
    },
    get allSettings() {
      return settingsOf(doc);
    },
    ADMIN_URL: '/wp-admin/',
    CURRENCY: getSetting('currency', {}, isRecordSetting, doc),
  };
}

/** `wc.priceFormat`: the shop's money format. */
function createPriceFormat(doc: Document) {
  const currency = getSetting('currency', {}, isRecordSetting, doc);
  const getCurrency = (overrides: Record<string, unknown> = {}) => ({
    code: currency.code ?? 'USD',
    symbol: currency.symbol ?? '$',
    minorUnit: currency.minorUnit ?? 2,
    decimalSeparator: currency.decimalSeparator ?? '.',
    thousandSeparator: currency.thousandSeparator ?? ',',
    prefix: currency.prefix ?? '$',
    suffix: currency.suffix ?? '',
    ...overrides,
  });
  const fromStoreApi = (response: Record<string, unknown>) =>
    getCurrency({
      code: response.currency_code,
      symbol: response.currency_symbol,
      minorUnit: response.currency_minor_unit,
      decimalSeparator: response.currency_decimal_separator,
      thousandSeparator: response.currency_thousand_separator,
      prefix: response.currency_prefix,
      suffix: response.currency_suffix,
    });
  const formatPrice = (price: number | string, format: Record<string, unknown> = getCurrency()): string => {
    const money: MoneyFormat = {
      currency_minor_unit: Number(format.minorUnit),
      currency_decimal_separator: String(format.decimalSeparator),
      currency_thousand_separator: String(format.thousandSeparator),
      currency_prefix: String(format.prefix),
      currency_suffix: String(format.suffix),
    };
    return formatMoney(price, money);
  };
  return { getCurrency, getCurrencyFromPriceResponse: fromStoreApi, formatPrice, SITE_CURRENCY: getCurrency() };
}

/** The extension whose classic script is running (served under `/extensions/{name}/`), if any. */
function runningExtension(doc: Document): string | null {
  const script = doc.currentScript;
  const src = script instanceof HTMLScriptElement ? script.src : '';
  return /\/extensions\/([^/]+)\//.exec(src)?.[1] ?? null;
}

/** Builds the globals over `host` (tests call it; the page's entry installs them). */
export function createGlobals(host: ExtensionHost, doc: Document) {
  const { registry } = host;
  const hooks = createHooks(host.reportError);
  const data = createDataFacade(host);
  const checkout = createCheckoutApi(host);
  const stores = () => host.stores();
  const on = (event: 'checkout_validation' | 'payment_setup' | 'checkout_success' | 'checkout_fail') => (observer: (data: unknown) => unknown, priority?: number) => {
    if (event !== 'checkout_validation' || typeof observer !== 'function') {
      return stores().events.on(event, observer, priority);
    }
    // An extension's validation observer that throws is reported and passes, as WooCommerce's
    // `emitEvent` logs and goes on: counted as an error response (the shop's own rule), it
    // blocked every order of every shopper.
    const source = runningExtension(doc) ?? 'checkout validation observer';
    return stores().events.on(
      event,
      async (data: unknown) => {
        try {
          return await observer(data);
        } catch (error) {
          host.reportError(source, error);
          return undefined;
        }
      },
      priority,
    );
  };

  const wcBlocksRegistry = {
    registerPaymentMethod: (config: unknown) => {
      registry.registerPaymentMethod(isolatedConfig(config, host));
    },
    registerExpressPaymentMethod: (config: unknown) => {
      registry.registerExpressPaymentMethod(isolatedConfig(config, host));
    },
    registerPaymentMethodExtensionCallbacks: (namespace: string, callbacks: Record<string, unknown>) => {
      const wrapped = Object.fromEntries(
        Object.entries(callbacks).map(([name, callback]) => [name, typeof callback === 'function' ? guarded(namespace, host, callback as (arg: unknown) => unknown, true) : callback]),
      );
      registry.registerPaymentMethodExtensionCallbacks(namespace, wrapped);
    },
    getPaymentMethods: () => Object.fromEntries(registry.paymentMethods().map((m) => [m.name, m])),
    getExpressPaymentMethods: () => Object.fromEntries(registry.expressPaymentMethods().map((m) => [m.name, m])),
    // The checkout blocks registered for an area (`registerCheckoutBlock`), by block name.
    getRegisteredBlockComponents: (context: string) => Object.fromEntries(host.blocks(context).map((block) => [block.metadata.name, block.component])),
  };

  const blocksCheckoutEvents = {
    onCheckoutValidation: on('checkout_validation'),
    onPaymentSetup: on('payment_setup'),
    onPaymentProcessing: on('payment_setup'),
    onCheckoutSuccess: on('checkout_success'),
    onCheckoutFail: on('checkout_fail'),
  };

  const plugins = new Map<string, { render: unknown; scope: string | undefined }>();
  let pluginRoot: ReactDOMClient.Root | null = null;
  const renderPlugins = (): void => {
    if (pluginRoot === null) {
      const container = doc.createElement('div');
      container.hidden = true;
      container.dataset.extensionPlugins = '';
      doc.body.append(container);
      pluginRoot = ReactDOMClient.createRoot(container);
    }
    pluginRoot.render(
      [...plugins].map(([name, plugin]) =>
        React.createElement(ExtensionBoundary, { key: name, source: name, report: host.reportError }, React.createElement(toCurrentElements(React.createElement(plugin.render as React.ComponentType)).type as React.ComponentType)),
      ),
    );
  };
  const registerPlugin = (name: string, settings: { render?: unknown; scope?: string }) => {
    if (typeof name !== 'string' || !/^[a-z][a-z0-9-]*$/.test(name) || typeof settings.render !== 'function') {
      host.reportError(name, new TypeError('Plugins need a name (lowercase letters, digits, dashes) and a render function.'));
      return null;
    }
    plugins.set(name, { render: settings.render, scope: settings.scope });
    renderPlugins();
    return settings;
  };

  const wc = {
    wcBlocksRegistry,
    wcSettings: createSettings(doc),
    blocksCheckout: { ...checkout, ValidatedTextInput, TotalsWrapper },
    blocksCheckoutEvents,
    wcBlocksData: {
      CART_STORE_KEY,
      CHECKOUT_STORE_KEY,
      PAYMENT_STORE_KEY,
      VALIDATION_STORE_KEY,
      cartStore: CART_STORE_KEY,
      checkoutStore: CHECKOUT_STORE_KEY,
      paymentStore: PAYMENT_STORE_KEY,
      validationStore: VALIDATION_STORE_KEY,
    },
    priceFormat: createPriceFormat(doc),
  };
  const element = { ...React, render: undefined, concatChildren: (...lists: unknown[][]) => lists.flat(), RawHTML: undefined };
  const wp = {
    element,
    i18n,
    htmlEntities: { decodeEntities },
    hooks,
    plugins: { registerPlugin, unregisterPlugin: (name: string) => plugins.delete(name), getPlugins: () => [...plugins.keys()] },
    data,
    components,
  };
  return { wc, wp, React: reactGlobal(), ReactDOM: { ...ReactDOM, ...ReactDOMClient }, ReactJSXRuntime: JSXRuntime };
}

/** Installs the globals on `win` (once): `wc`, `wp`, `React`, `ReactDOM`, `ReactJSXRuntime`. */
export function installGlobals(win: Window, host: ExtensionHost): void {
  const globals = createGlobals(host, win.document);
  win.wc = { ...win.wc, ...globals.wc };
  win.wp = { ...win.wp, ...globals.wp };
  win.React = globals.React;
  win.ReactDOM = globals.ReactDOM;
  win.ReactJSXRuntime = globals.ReactJSXRuntime;
}

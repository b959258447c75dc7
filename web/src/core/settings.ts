// The one reader of the settings JSON every page embeds in
// `<script type="application/json" id="mercato-settings">` (SPEC §3.8): `getSetting(name,
// fallback)` as WooCommerce's `wc.wcSettings.getSetting`, and the typed views the cart core and
// the storefront read. The JSON is input like any other: each value is checked, and a missing
// or malformed one falls back to the default. It is parsed once per content of the element.

import { asRecord } from '../lib/guards';
import { replyChecks, replyChecksReady } from './api/checks';
import type { StoreCart } from './cart/types';

/** The id of the settings element. */
export const SETTINGS_ELEMENT_ID = 'mercato-settings';

let parsed: { element: Element; text: string; value: unknown } | undefined;

/** The parsed settings JSON of `doc`; null when there is none or it is not JSON. */
export function readSettingsJson(doc: Document = document): unknown {
  const element = doc.getElementById(SETTINGS_ELEMENT_ID);
  if (element === null) {
    return null;
  }
  const text = element.textContent;
  if (parsed?.element !== element || parsed.text !== text) {
    let value: unknown = null;
    try {
      value = JSON.parse(text);
    } catch {
      // Not JSON: as if there were no settings.
    }
    parsed = { element, text, value };
  }
  return parsed.value;
}

/**
 * One setting, as WooCommerce's `getSetting(name, fallback)`: looked up in `wcSettings` first
 * (where WooCommerce's blocks keep theirs), then at the top level (Mercato's own:
 * `cartHash`, `theme`, `wc_add_to_cart_params`…). The value is returned only when it passes
 * `accept`, by default when it has the fallback's type (`null` fallbacks accept anything);
 * otherwise `fallback`.
 */
export function getSetting<T>(
  name: string,
  fallback: T,
  accept: (value: unknown) => value is T = sameTypeAs(fallback),
  doc: Document = document,
): T {
  const settings = asRecord(readSettingsJson(doc));
  const wc = asRecord(settings.wcSettings);
  const value = Object.hasOwn(wc, name) ? wc[name] : Object.hasOwn(settings, name) ? settings[name] : undefined;
  return value !== undefined && accept(value) ? value : fallback;
}

/** For `getSetting(name, {}, isRecordSetting)`: a plain JSON object. */
export function isRecordSetting(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sameTypeAs<T>(fallback: T): (value: unknown) => value is T {
  return (value: unknown): value is T => {
    if (fallback === null) {
      return true;
    }
    if (Array.isArray(fallback)) {
      return Array.isArray(value);
    }
    if (typeof fallback === 'object') {
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    }
    return typeof value === typeof fallback;
  };
}

/** The cart core's settings. */
export interface CartSettings {
  /** `wcBlocksMiddlewareConfig.storeApiNonce` and `.storeApiNonceTimestamp`. */
  nonce: { nonce: string; timestamp: number } | null;
  /** `cartHash`: the hash of the embedded cart. */
  cartHash: string | null;
  /** `cartData`: the Store API cart, when the page embeds it (checked). */
  cartData: StoreCart | null;
  /**
   * `cartData` as read, when the Store API checks were not loaded yet (they are a chunk of
   * their own, ./api/checks.ts): the runtime checks it once they are, and takes it then.
   */
  uncheckedCartData?: unknown;
  /** `wc_add_to_cart_params.wc_ajax_url` (or the fragments params' one). */
  ajaxUrl: string | null;
  /** `wc_cart_fragments_params.request_timeout` (ms). */
  requestTimeout: number | null;
  /** `wc_cart_fragments_params.fragment_name`. */
  fragmentName: string | null;
  /** `wc_cart_fragments_params.cart_hash_key`. */
  cartHashKey: string | null;
  /**
   * `cart` or `checkout` on the block cart and checkout pages (`blockPageOf`), where the Store
   * API store is the only writer of the cart: adds go through it, and store AJAX fragments never
   * replace the page's HTML. `null` elsewhere.
   */
  blockPage: BlockPage | null;
}

/** The pages whose cart the Store API store alone writes. */
export type BlockPage = 'cart' | 'checkout';

/** Body classes of checkout pages that hold no checkout form (WooCommerce's endpoints). */
const CHECKOUT_ENDPOINT_CLASSES = ['woocommerce-order-received', 'woocommerce-order-pay', 'checkout-confirm'];

/**
 * Which block page `doc` is, from the body classes the server writes as WooCommerce does:
 * `woocommerce-cart` for the cart page, `woocommerce-checkout` for the checkout page (but not
 * its order-received, order-pay and confirm endpoints, which carry it too).
 */
export function blockPageOf(doc: Document): BlockPage | null {
  const classes = doc.body.classList;
  if (classes.contains('woocommerce-cart')) {
    return 'cart';
  }
  if (classes.contains('woocommerce-checkout') && !CHECKOUT_ENDPOINT_CLASSES.some((c) => classes.contains(c))) {
    return 'checkout';
  }
  return null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

const count = (value: unknown): number | null => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : null;
};

const record = asRecord;

/**
 * The cart settings from a parsed settings object (anything: absent keys give nulls), on a
 * page that is `blockPage`.
 */
export function parseCartSettings(value: unknown, blockPage: BlockPage | null = null): CartSettings {
  const settings = record(value);
  const middleware = record(settings.wcBlocksMiddlewareConfig);
  const fragments = record(settings.wc_cart_fragments_params);
  const addToCart = record(settings.wc_add_to_cart_params);
  const nonce = text(middleware.storeApiNonce);
  const timestamp = count(middleware.storeApiNonceTimestamp);
  // WooCommerce puts the embedded cart under wcSettings; the top level is Mercato's place for it.
  const cartData: unknown = settings.cartData ?? record(settings.wcSettings).cartData;
  const checked = replyChecksReady();
  return {
    nonce: nonce !== null && timestamp !== null ? { nonce, timestamp } : null,
    cartHash: typeof settings.cartHash === 'string' ? settings.cartHash : null,
    cartData: checked && replyChecks().isStoreCart(cartData) ? cartData : null,
    ...(!checked && cartData !== undefined && cartData !== null && { uncheckedCartData: cartData }),
    ajaxUrl: text(addToCart.wc_ajax_url) ?? text(fragments.wc_ajax_url),
    requestTimeout: count(fragments.request_timeout),
    fragmentName: text(fragments.fragment_name),
    cartHashKey: text(fragments.cart_hash_key),
    blockPage,
  };
}

/** The cart settings of `doc`'s settings element and body; all null when there is none or it is not JSON. */
export function readCartSettings(doc: Document = document): CartSettings {
  return parseCartSettings(readSettingsJson(doc), blockPageOf(doc));
}

/** What the storefront's behaviours and islands read (SPEC §3.8), with WooCommerce's defaults. */
export interface StorefrontSettings {
  /** `wc_add_to_cart_params.cart_url`. */
  readonly cartUrl: string;
  /** `wc_add_to_cart_params.is_cart`: this page is the cart page. */
  readonly isCart: boolean;
  /** `wc_add_to_cart_params.cart_redirect_after_add === 'yes'`. */
  readonly redirectAfterAdd: boolean;
  /** `wc_add_to_cart_params.i18n_view_cart`. */
  readonly viewCartText: string;
  /** `theme.is_mini_cart_reveal`: open the mini cart for 5 s after an add. */
  readonly revealMiniCart: boolean;
  /** `theme.mini_cart_hide_when_empty`. */
  readonly hideEmptyCart: boolean;
  /** `wcSettings.displayCartPricesIncludingTax`. */
  readonly pricesIncludeTax: boolean;
  /** `wcSettings.taxesEnabled`. */
  readonly taxesEnabled: boolean;
  /** `wcSettings.displayItemizedTaxes`: one totals row per tax line. */
  readonly itemisedTaxes: boolean;
  /** `wcSettings.storePages.checkout.permalink`. */
  readonly checkoutUrl: string;
  /** `wcSettings.storePages.shop.permalink`. */
  readonly shopUrl: string;
  /** `theme.ajaxurl`: the theme AJAX endpoint (SPEC §7.2). */
  readonly themeAjaxUrl: string;
  /** `theme.search_result_latency`: ms between the last keystroke and a live search request. */
  readonly searchLatency: number;
  /** `theme.user.can_edit_pages`: the visitor is staff who edits pages (SPEC §6). */
  readonly canEditPages: boolean;
}

const textOr = (value: unknown, fallback: string): string =>
  typeof value === 'string' && value !== '' ? value : fallback;
const flag = (value: unknown, fallback: boolean): boolean => (typeof value === 'boolean' ? value : fallback);
// A delay in ms: whole, not negative, at most 10 s (a bigger one would look broken).
const delay = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.min(Math.round(value), 10_000) : fallback;
const permalink = (pages: Readonly<Record<string, unknown>>, name: string, fallback: string): string =>
  textOr(asRecord(pages[name]).permalink, fallback);

/** The settings of a parsed settings object. */
export function parseStorefrontSettings(value: unknown): StorefrontSettings {
  const settings = asRecord(value);
  const addToCart = asRecord(settings.wc_add_to_cart_params);
  const theme = asRecord(settings.theme);
  const wc = asRecord(settings.wcSettings);
  const pages = asRecord(wc.storePages);
  return {
    cartUrl: textOr(addToCart.cart_url, permalink(pages, 'cart', '/cart/')),
    isCart: flag(addToCart.is_cart, false),
    redirectAfterAdd: addToCart.cart_redirect_after_add === 'yes',
    viewCartText: textOr(addToCart.i18n_view_cart, 'View cart'),
    revealMiniCart: flag(theme.is_mini_cart_reveal, false),
    hideEmptyCart: flag(theme.mini_cart_hide_when_empty, false),
    pricesIncludeTax: flag(wc.displayCartPricesIncludingTax, false),
    taxesEnabled: flag(wc.taxesEnabled, false),
    itemisedTaxes: flag(wc.displayItemizedTaxes, false),
    checkoutUrl: permalink(pages, 'checkout', '/checkout/'),
    shopUrl: permalink(pages, 'shop', '/shop/'),
    themeAjaxUrl: textOr(theme.ajaxurl, '/wp-admin/admin-ajax.php'),
    searchLatency: delay(theme.search_result_latency, 0),
    canEditPages: flag(asRecord(theme.user).can_edit_pages, false),
  };
}

let storefrontView: { json: unknown; view: StorefrontSettings } | undefined;

/** The storefront's settings of `doc` (parsed once per content of the settings element). */
export function storefrontSettings(doc: Document = document): StorefrontSettings {
  const json = readSettingsJson(doc);
  if (storefrontView === undefined || storefrontView.json !== json) {
    storefrontView = { json, view: parseStorefrontSettings(json) };
  }
  return storefrontView.view;
}

// What the cart core reads from the settings JSON every page embeds in
// `<script type="application/json" id="mercato-settings">`. The JSON is input like any other:
// each value is checked, and a missing or malformed one falls back to the default.

import { asRecord } from '../lib/guards';
import { isStoreCart, type StoreCart } from './cart/types';

/** The id of the settings element. */
export const SETTINGS_ELEMENT_ID = 'mercato-settings';

/** The cart core's settings. */
export interface CartSettings {
  /** `wcBlocksMiddlewareConfig.storeApiNonce` and `.storeApiNonceTimestamp`. */
  nonce: { nonce: string; timestamp: number } | null;
  /** `cartHash`: the hash of the embedded cart. */
  cartHash: string | null;
  /** `cartData`: the Store API cart, when the page embeds it. */
  cartData: StoreCart | null;
  /** `wc_add_to_cart_params.wc_ajax_url` (or the fragments params' one). */
  ajaxUrl: string | null;
  /** `wc_cart_fragments_params.request_timeout` (ms). */
  requestTimeout: number | null;
  /** `wc_cart_fragments_params.fragment_name`. */
  fragmentName: string | null;
  /** `wc_cart_fragments_params.cart_hash_key`. */
  cartHashKey: string | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

const count = (value: unknown): number | null => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : null;
};

const record = asRecord;

/** The cart settings from a parsed settings object (anything: absent keys give nulls). */
export function parseCartSettings(value: unknown): CartSettings {
  const settings = record(value);
  const middleware = record(settings.wcBlocksMiddlewareConfig);
  const fragments = record(settings.wc_cart_fragments_params);
  const addToCart = record(settings.wc_add_to_cart_params);
  const nonce = text(middleware.storeApiNonce);
  const timestamp = count(middleware.storeApiNonceTimestamp);
  // WooCommerce puts the embedded cart under wcSettings; the top level is Mercato's place for it.
  const cartData = settings.cartData ?? record(settings.wcSettings).cartData;
  return {
    nonce: nonce !== null && timestamp !== null ? { nonce, timestamp } : null,
    cartHash: typeof settings.cartHash === 'string' ? settings.cartHash : null,
    cartData: isStoreCart(cartData) ? cartData : null,
    ajaxUrl: text(addToCart.wc_ajax_url) ?? text(fragments.wc_ajax_url),
    requestTimeout: count(fragments.request_timeout),
    fragmentName: text(fragments.fragment_name),
    cartHashKey: text(fragments.cart_hash_key),
  };
}

/** The parsed settings JSON of `doc`; null when there is none or it is not JSON. */
export function readSettingsJson(doc: Document = document): unknown {
  try {
    return JSON.parse(doc.getElementById(SETTINGS_ELEMENT_ID)?.textContent ?? 'null');
  } catch {
    return null;
  }
}

/** The cart settings of `doc`'s settings element; all null when there is none or it is not JSON. */
export function readCartSettings(doc: Document = document): CartSettings {
  return parseCartSettings(readSettingsJson(doc));
}

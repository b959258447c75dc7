// What the storefront's behaviours read from the settings JSON every page embeds
// (`<script type="application/json" id="mercato-settings">`, SPEC §3.8). The JSON is input
// like any other: each value is checked and falls back to WooCommerce's default.

import { readSettingsJson } from '../core/settings';
import { asRecord as record } from './guards';

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

const text = (value: unknown, fallback: string): string =>
  typeof value === 'string' && value !== '' ? value : fallback;
const flag = (value: unknown, fallback: boolean): boolean => (typeof value === 'boolean' ? value : fallback);
// A delay in ms: whole, not negative, at most 10 s (a bigger one would look broken).
const delay = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.min(Math.round(value), 10_000) : fallback;
const permalink = (pages: Readonly<Record<string, unknown>>, name: string, fallback: string): string =>
  text(record(pages[name]).permalink, fallback);

/** The settings of a parsed settings object. */
export function parseStorefrontSettings(value: unknown): StorefrontSettings {
  const settings = record(value);
  const addToCart = record(settings.wc_add_to_cart_params);
  const theme = record(settings.theme);
  const wc = record(settings.wcSettings);
  const pages = record(wc.storePages);
  return {
    cartUrl: text(addToCart.cart_url, permalink(pages, 'cart', '/cart/')),
    isCart: flag(addToCart.is_cart, false),
    redirectAfterAdd: addToCart.cart_redirect_after_add === 'yes',
    viewCartText: text(addToCart.i18n_view_cart, 'View cart'),
    revealMiniCart: flag(theme.is_mini_cart_reveal, false),
    hideEmptyCart: flag(theme.mini_cart_hide_when_empty, false),
    pricesIncludeTax: flag(wc.displayCartPricesIncludingTax, false),
    taxesEnabled: flag(wc.taxesEnabled, false),
    itemisedTaxes: flag(wc.displayItemizedTaxes, false),
    checkoutUrl: permalink(pages, 'checkout', '/checkout/'),
    shopUrl: permalink(pages, 'shop', '/shop/'),
    themeAjaxUrl: text(theme.ajaxurl, '/wp-admin/admin-ajax.php'),
    searchLatency: delay(theme.search_result_latency, 0),
    canEditPages: flag(record(theme.user).can_edit_pages, false),
  };
}

let cached: StorefrontSettings | undefined;

/** This page's settings, read once. */
export function storefrontSettings(doc: Document = document): StorefrontSettings {
  cached ??= parseStorefrontSettings(readSettingsJson(doc));
  return cached;
}

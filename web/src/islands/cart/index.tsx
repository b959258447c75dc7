import { createRoot } from 'react-dom/client';
import { CART_HASH_COOKIE, hasCartPreview, provideReplyChecks, readCartPreview, type StoreCart } from '../../core';
import * as guards from '../../core/api/guards';
import * as replyCode from '../../core/api/reply-code';
import { CartRuntimeProvider } from '../../core/react/useCart';
import { ExtensionHostContext } from '../../components/extension-filters';
import { pageExtensions } from '../../registry/cart-shapes';
import type { ExtensionHost } from '../../registry/host';
import { parseStorefrontSettings, readSettingsJson } from '../../core/settings';
import { getCookie } from '../../lib/cookies';
import { isRecord } from '../../lib/guards';
import type { IslandCleanup, MountContext } from '../types';
import { CartBlock } from './CartBlock';

/** The id of the script element holding the Store API cart the page was rendered from. */
export const EMBEDDED_CART_ID = 'mercato-cart';

/** The cart the server embedded in the page (`#mercato-cart`), or null. */
function embeddedCart(doc: Document): StoreCart | null {
  try {
    const value: unknown = JSON.parse(doc.getElementById(EMBEDDED_CART_ID)?.textContent ?? 'null');
    return guards.isStoreCart(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * The block cart on `/cart/` (SPEC §2.5). The container holds the classic cart form, which
 * stays as the cart without JavaScript; the island replaces it with the same layout, drawn
 * from the cart embedded in the page, so it takes over with no request and nothing moving.
 * Props: `{"couponsEnabled": boolean}` for a filled cart; `{"empty": true}` for a page whose
 * cart is empty (it embeds none: the island shows the empty cart and its products to discover).
 */
export function mount(el: HTMLElement, props: unknown, context: MountContext): IslandCleanup {
  const flag = (value: unknown) => value === undefined || typeof value === 'boolean';
  if (!isRecord(props) || !flag(props.couponsEnabled) || !flag(props.empty)) {
    throw new TypeError('cart: props must be {"couponsEnabled"?: boolean, "empty"?: boolean}');
  }
  const doc = el.ownerDocument;
  // This chunk holds the Store API checks: the page's cart core may use them from now on.
  provideReplyChecks(replyCode);
  // The editor's sample cart (SPEC §9.5) stands in for the page's on `?preview=sample`.
  const preview = hasCartPreview(doc) ? readCartPreview(doc) : null;
  const cart = preview ?? embeddedCart(doc);
  if (cart === null && props.empty !== true) {
    throw new TypeError(`cart: the page has no Store API cart in #${EMBEDDED_CART_ID}`);
  }
  const { runtime } = context;
  const store = runtime.cart;
  const pageHash = runtime.settings.cartHash ?? '';
  // The page's cart is the newest the shopper has seen unless the store already holds one
  // (another island fetched it, another tab sent it).
  if (store.getState().serverCart === null) {
    if (cart !== null) {
      store.applyServerCart(cart, preview !== null ? '' : pageHash);
    }
    // The cart changed since the page was written (another tab added while this one loaded,
    // a page from the back/forward cache): show the page's, and ask for the current one.
    if (preview === null && (getCookie(CART_HASH_COOKIE) ?? '') !== pageHash) {
      void store.refresh({ quiet: true }).catch(() => undefined);
    }
  }
  // Read for this mount (the island mounts once per page).
  const settings = parseStorefrontSettings(readSettingsJson(doc));
  const root = createRoot(el);
  const render = (host: ExtensionHost | null): void => {
    root.render(
      <CartRuntimeProvider runtime={runtime}>
        <ExtensionHostContext.Provider value={host}>
          <CartBlock
            couponsEnabled={props.couponsEnabled === true}
            display={{ taxesEnabled: settings.taxesEnabled, includingTax: settings.pricesIncludeTax, itemised: settings.itemisedTaxes }}
            checkoutUrl={settings.checkoutUrl}
            shopUrl={settings.shopUrl}
          />
        </ExtensionHostContext.Provider>
      </CartRuntimeProvider>,
    );
  };
  // On a page with extensions, their filters, slots and blocks: the page's extension host,
  // whose module comes on such pages only (the cart's own chunk stays without it).
  const win = doc.defaultView;
  render(win?.mercatoExtensions ?? null);
  let live = true;
  if (win !== null && win.mercatoExtensions === undefined && pageExtensions(doc).length > 0) {
    void import('../../registry/host').then(({ extensionHost }) => {
      if (live) {
        render(extensionHost(win));
      }
    });
  }
  return () => {
    live = false;
    root.unmount();
  };
}

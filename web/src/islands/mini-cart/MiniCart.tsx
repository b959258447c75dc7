import { useCallback, useEffect, useRef, useState } from 'react';
import {
  shopperMessage,
  shownSubtotal,
  toCartError,
  type CartItem,
  type CartStore,
  type NoticeStore,
  type StoreCart,
  type TaxDisplay,
} from '../../core';
import { useCart, useCartRuntime, useNotices } from '../../core/react/useCart';
import { CartLine } from '../../components/CartLine';
import { NoticeList } from '../../components/NoticeList';
import { TotalsItem } from '../../components/TotalsItem';
import { getCookie } from '../../lib/cookies';
import type { HeldRequests } from '../../lib/held-requests';
import { onMiniCartReveal } from './requests';
import { storefrontSettings } from '../../core/settings';

/** Says in the cart's notice area that a change failed (the store has already rolled it back). */
function reportFailure(notices: NoticeStore, error: unknown): void {
  notices.createNotice('error', shopperMessage(toCartError(error)), {
    id: 'mini-cart-error',
    context: 'wc/cart',
  });
}

/** SPEC §4.9 / §9.1: how long the mini cart shows itself after an add. */
export const REVEAL_MS = 5000;

type Mode = 'closed' | 'open' | 'reveal';

/** The gap between the header's row and the panel, in px. */
const PANEL_GAP = 8;

/**
 * Places the panel (opened from the header or revealed after an add: one look, issue 27) just
 * under the header's row, its right edge on the cart link's, whatever the header's layout. Set
 * as custom properties that mini-cart.css reads; the header may be stuck or scrolled away.
 */
export function placePanel(panel: HTMLElement, trigger: HTMLElement): void {
  const header = trigger.closest('header') ?? trigger;
  const below = Math.max(header.getBoundingClientRect().bottom, 0) + PANEL_GAP;
  const view = panel.ownerDocument.documentElement.clientWidth;
  const right = Math.max(view - trigger.getBoundingClientRect().right, 0);
  panel.style.setProperty('--mini-cart-top', `${String(Math.round(below))}px`);
  panel.style.setProperty('--mini-cart-right', `${String(Math.round(right))}px`);
}

interface MiniCartProps {
  readonly trigger: HTMLAnchorElement;
  readonly initialMode: Mode;
  /** The header link's clicks, taken when the island mounts and held until the drawer
   *  listens: React attaches the drawer later, and a click in between must not follow the
   *  link to the cart page. */
  readonly opens: HeldRequests;
}

/** The cart the drawer shows: fetched when the page has none or the cookie says it changed. */
function useFreshCart(active: boolean): StoreCart | null {
  const cart = useCart((s) => s.cart);
  const hash = useCart((s) => s.cartHash);
  const store = useCartRuntime().cart;
  useEffect(() => {
    if (!active) {
      return;
    }
    const cookieHash = getCookie('woocommerce_cart_hash') ?? '';
    if (store.getState().serverCart === null || hash !== cookieHash) {
      void store.refresh({ quiet: true }).catch(() => undefined);
    }
  }, [active, hash, store]);
  return cart;
}

export function MiniCart({ trigger, initialMode, opens }: MiniCartProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [mode, setMode] = useState<Mode>(initialMode);
  const cart = useFreshCart(mode !== 'closed');
  const settings = storefrontSettings();

  // The header link opens the drawer (its click is taken in `mount`, before React renders).
  useEffect(() => opens.listen(() => {
    setMode('open');
  }), [opens]);

  useEffect(() => onMiniCartReveal(() => {
    setMode((current) => (current === 'open' ? current : 'reveal'));
  }), []);

  // One panel however it opens: under the header's row, at the cart link's right edge.
  useEffect(() => {
    const el = dialog.current;
    if (el === null || mode === 'closed') {
      return;
    }
    const place = (): void => {
      placePanel(el, trigger);
    };
    place();
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('resize', place);
    };
  }, [mode, trigger]);

  // Open as a modal panel, or show without taking focus for a reveal.
  useEffect(() => {
    const el = dialog.current;
    if (el === null) {
      return;
    }
    if (mode === 'open') {
      if (el.open && !el.matches(':modal')) {
        el.close();
      }
      if (!el.open) {
        el.showModal();
      }
    } else if (mode === 'reveal') {
      if (!el.open) {
        // show() moves the focus into the dialog (the HTML dialog focusing steps); a reveal
        // must leave it where the shopper is (the card button, the form, the quick view's).
        const focused = document.activeElement;
        el.show();
        if (focused instanceof HTMLElement && focused !== document.body) {
          focused.focus({ preventScroll: true });
        }
      }
    } else if (el.open) {
      el.close();
    }
  }, [mode]);

  // A reveal closes by itself after 5 s, unless the shopper is using it.
  useEffect(() => {
    if (mode !== 'reveal') {
      return;
    }
    const el = dialog.current;
    let timer = setTimeout(close, REVEAL_MS);
    function close() {
      if (el?.matches(':hover, :focus-within') === true) {
        timer = setTimeout(close, 1000);
        return;
      }
      setMode('closed');
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMode('closed');
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('keydown', onKey);
    };
  }, [mode]);

  const closeDrawer = useCallback(() => {
    const wasModal = dialog.current?.matches(':modal') === true;
    setMode('closed');
    if (wasModal) {
      trigger.focus();
    }
  }, [trigger]);

  return (
    <dialog
      ref={dialog}
      className={`mini-cart-drawer mini-cart-drawer--${mode === 'reveal' ? 'reveal' : 'drawer'} wc-block-mini-cart__drawer`}
      aria-labelledby="mini-cart-title"
      onCancel={(event) => {
        event.preventDefault();
        closeDrawer();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === dialog.current && mode === 'open') {
          closeDrawer();
        }
      }}
    >
      <div className="wp-block-woocommerce-mini-cart-contents mini-cart">
        {mode !== 'closed' && (
          <MiniCartContents
            cart={cart}
            cartUrl={settings.cartUrl}
            checkoutUrl={settings.checkoutUrl}
            shopUrl={settings.shopUrl}
            display={{
              taxesEnabled: settings.taxesEnabled,
              includingTax: settings.pricesIncludeTax,
              itemised: settings.itemisedTaxes,
            }}
            onClose={closeDrawer}
          />
        )}
      </div>
    </dialog>
  );
}

interface ContentsProps {
  readonly cart: StoreCart | null;
  readonly cartUrl: string;
  readonly checkoutUrl: string;
  readonly shopUrl: string;
  readonly display: TaxDisplay;
  readonly onClose: () => void;
}

function MiniCartContents({ cart, cartUrl, checkoutUrl, shopUrl, display, onClose }: ContentsProps) {
  const busy = useCart((s) => s.isBusy || s.isRefreshing);
  const runtime = useCartRuntime();
  const notices = useNotices('wc/cart');
  const count = cart?.items_count ?? 0;
  const title = (
    <div className="wp-block-woocommerce-mini-cart-title-block mini-cart__title">
      <h2 id="mini-cart-title">
        Cart{cart !== null && <span className="mini-cart__count"> ({count} {count === 1 ? 'item' : 'items'})</span>}
      </h2>
      <button type="button" className="mini-cart__close" aria-label="Close cart" onClick={onClose}>
        ×
      </button>
    </div>
  );
  const noticesShown = <NoticeList notices={notices} store={runtime.notices} className="mini-cart__notices" />;
  if (cart === null) {
    return (
      <>
        {title}
        {noticesShown}
        <p className="mini-cart__loading" aria-busy="true">
          Loading your cart…
        </p>
      </>
    );
  }
  if (cart.items.length === 0) {
    return (
      <>
        {title}
        {noticesShown}
        <div className="wp-block-woocommerce-empty-mini-cart-contents-block mini-cart__empty">
          <p>Your cart is currently empty.</p>
          <a className="button" href={shopUrl}>
            Browse the shop
          </a>
        </div>
      </>
    );
  }
  const store = runtime.cart;
  return (
    <div className="wp-block-woocommerce-filled-mini-cart-contents-block mini-cart__filled">
      {title}
      {noticesShown}
      <ul className="wp-block-woocommerce-mini-cart-items-block mini-cart__items">
        {cart.items.map((item) => (
          <MiniCartLine key={item.key} item={item} store={store} />
        ))}
      </ul>
      <div className="wp-block-woocommerce-mini-cart-footer-block mini-cart__footer">
        <div className="mini-cart__subtotal">
          <TotalsItem
            label="Subtotal"
            kind="subtotal"
            amount={shownSubtotal(cart, display)}
            format={cart.totals}
            busy={busy}
          />
        </div>
        <p className="mini-cart__buttons">
          <a className="button" href={cartUrl}>
            View cart
          </a>
          <a className="button button--primary" href={checkoutUrl}>
            Checkout
          </a>
        </p>
      </div>
    </div>
  );
}

function MiniCartLine({ item, store }: { readonly item: CartItem; readonly store: CartStore }) {
  const { notices } = useCartRuntime();
  const fail = (error: unknown) => {
    reportFailure(notices, error);
  };
  const pending = useCart((s) => s.pendingKeys.includes(item.key) || s.deletingKeys.includes(item.key));
  return (
    <CartLine
      item={item}
      layout="drawer"
      pending={pending}
      onQuantity={(quantity) => {
        void store.setQuantity(item.key, quantity).catch(fail);
      }}
      onRemove={() => {
        void store.removeItem(item.key).catch(fail);
      }}
    />
  );
}

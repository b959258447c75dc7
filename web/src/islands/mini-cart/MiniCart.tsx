import { useCallback, useEffect, useRef, useState } from 'react';
import { shopperMessage, toCartError, type CartItem, type NoticeStore, type StoreCart } from '../../core';
import { sanitizeNoticeHtml } from '../../core/sanitize';
import { useCart, useCartRuntime, useNotices } from '../../core/react/useCart';
import { getCookie } from '../../lib/cookies';
import type { HeldRequests } from '../../lib/held-requests';
import { onMiniCartReveal } from './requests';
import { formatMoney } from '../../lib/money';
import { storefrontSettings } from '../../core/settings';

/** Says in the cart's notice area that a change failed (the store has already rolled it back). */
function reportFailure(notices: NoticeStore, error: unknown): void {
  notices.createNotice('error', shopperMessage(toCartError(error)), {
    id: 'mini-cart-error',
    context: 'wc/cart',
  });
}

/** SPEC §4.5's first reading: a text input, a select, a button or a textarea has the focus. */
function inField(el: Element | null): boolean {
  if (el instanceof HTMLInputElement) {
    return el.type !== 'radio' && el.type !== 'checkbox';
  }
  return el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement || el instanceof HTMLButtonElement;
}

/** SPEC §4.9 / §9.1: how long the mini cart shows itself after an add. */
export const REVEAL_MS = 5000;

type Mode = 'closed' | 'open' | 'reveal';

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
  const store = useCartRuntime().cart;
  const cart = useCart((s) => s.cart);
  const hash = useCart((s) => s.cartHash);
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

  // Open as a modal drawer, or show without taking focus for a reveal.
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
            pricesIncludeTax={settings.pricesIncludeTax}
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
  readonly pricesIncludeTax: boolean;
  readonly onClose: () => void;
}

function MiniCartContents({ cart, cartUrl, checkoutUrl, shopUrl, pricesIncludeTax, onClose }: ContentsProps) {
  const busy = useCart((s) => s.isBusy || s.isRefreshing);
  const notices = useNotices('wc/cart');
  const noticeList = useRef<HTMLDivElement>(null);
  const noticeCount = notices.length;
  // SPEC §4.5: new notices scroll into view, unless the shopper is typing or choosing in a field.
  useEffect(() => {
    if (noticeCount > 0 && !inField(document.activeElement)) {
      noticeList.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    }
  }, [noticeCount]);
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
  const noticesShown = notices.length > 0 && (
    <div className="mini-cart__notices" ref={noticeList}>
      {notices.map((notice) => (
        <div
          key={notice.id}
          className={`notice notice--${notice.status === 'error' ? 'error' : 'info'}`}
          role={notice.status === 'error' ? 'alert' : 'status'}
          // Notice HTML is cut to SPEC §5.8's allowlist (a, b, em, i, strong, p, br).
          dangerouslySetInnerHTML={{ __html: sanitizeNoticeHtml(notice.content) }}
        />
      ))}
    </div>
  );
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
  const subtotal = pricesIncludeTax
    ? String(BigInt(cart.totals.total_items) + BigInt(cart.totals.total_items_tax))
    : cart.totals.total_items;
  return (
    <div className="wp-block-woocommerce-filled-mini-cart-contents-block mini-cart__filled">
      {title}
      {noticesShown}
      <ul className="wp-block-woocommerce-mini-cart-items-block mini-cart__items">
        {cart.items.map((item) => (
          <MiniCartLine key={item.key} item={item} />
        ))}
      </ul>
      <div className="wp-block-woocommerce-mini-cart-footer-block mini-cart__footer">
        <p className="mini-cart__subtotal" aria-busy={busy}>
          <span>Subtotal</span> <strong>{formatMoney(subtotal, cart.totals)}</strong>
        </p>
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

function MiniCartLine({ item }: { readonly item: CartItem }) {
  const { cart: store, notices } = useCartRuntime();
  const fail = (error: unknown) => {
    reportFailure(notices, error);
  };
  const pending = useCart((s) => s.pendingKeys.includes(item.key) || s.deletingKeys.includes(item.key));
  const limits = item.quantity_limits;
  const step = limits.multiple_of > 0 ? limits.multiple_of : 1;
  const [typed, setTyped] = useState<string | null>(null);
  const image = item.images[0];
  // The chosen attributes, then the add-on options as the server words them (`display`).
  const variation = [
    ...item.variation.map((v) => `${v.attribute}: ${v.value}`),
    ...item.item_data.map((d) => `${d.name}: ${d.display}`),
  ].join(', ');

  const change = (quantity: number) => {
    const next = Math.min(limits.maximum, Math.max(limits.minimum, quantity));
    if (next !== item.quantity) {
      void store.setQuantity(item.key, next).catch(fail);
    }
  };

  return (
    <li className="mini-cart__line wc-block-mini-cart-items__row" aria-busy={pending}>
      {image !== undefined && (
        <img
          className="mini-cart__image"
          src={image.thumbnail}
          alt={image.alt}
          width={64}
          height={64}
          loading="lazy"
          decoding="async"
        />
      )}
      <div className="mini-cart__details">
        <a className="mini-cart__name" href={item.permalink}>
          {item.name}
        </a>
        {variation !== '' && <p className="mini-cart__variation">{variation}</p>}
        <p className="mini-cart__price">{formatMoney(item.prices.price, item.prices)}</p>
        {limits.editable ? (
          <div className="mini-cart__quantity quantity">
            <button
              type="button"
              className="mini-cart__step"
              aria-label={`Reduce quantity of ${item.name}`}
              disabled={item.quantity <= limits.minimum}
              onClick={() => {
                change(item.quantity - step);
              }}
            >
              −
            </button>
            <input
              type="number"
              className="input-text qty"
              aria-label={`Quantity of ${item.name}`}
              min={limits.minimum}
              max={limits.maximum}
              step={step}
              inputMode="numeric"
              value={typed ?? String(item.quantity)}
              onChange={(event) => {
                setTyped(event.target.value);
              }}
              onBlur={(event) => {
                const input = event.currentTarget;
                setTyped(null);
                // SPEC §5.1: the input's own validity decides; an invalid value sends nothing.
                if (!input.checkValidity()) {
                  input.reportValidity();
                  return;
                }
                change(Number(input.value));
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.currentTarget.blur();
                }
              }}
            />
            <button
              type="button"
              className="mini-cart__step"
              aria-label={`Increase quantity of ${item.name}`}
              disabled={item.quantity >= limits.maximum}
              onClick={() => {
                change(item.quantity + step);
              }}
            >
              +
            </button>
          </div>
        ) : (
          <p className="mini-cart__fixed-quantity">Quantity: {item.quantity}</p>
        )}
      </div>
      <button
        type="button"
        className="mini-cart__remove remove"
        aria-label={`Remove ${item.name} from cart`}
        onClick={() => {
          void store.removeItem(item.key).catch(fail);
        }}
      >
        ×
      </button>
    </li>
  );
}

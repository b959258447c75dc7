import { createRoot } from 'react-dom/client';
import { CartRuntimeProvider } from '../../core/react/useCart';
import type { IslandCleanup, MountContext } from '../types';
import { heldRequests } from '../../lib/held-requests';
import { MiniCart } from './MiniCart';
import './mini-cart.css';

/**
 * The header's mini cart (SPEC §2.4, §4.9). The container holds the header's cart link,
 * which keeps working as a link to the cart page; the island adds the drawer beside it and
 * makes the link open it. Loaded on the first interaction with the link, or when an add to
 * cart asks it to reveal itself.
 */
export function mount(el: HTMLElement, _props: unknown, context: MountContext): IslandCleanup {
  const trigger = el.querySelector('a.header-cart');
  if (!(trigger instanceof HTMLAnchorElement)) {
    throw new TypeError('mini-cart: the container has no a.header-cart link');
  }
  const host = el.ownerDocument.createElement('div');
  host.className = 'mini-cart-host';
  el.append(host);
  // The link opens the drawer from now on, not from when React gets round to its effects:
  // the loader stops holding clicks as soon as this function returns.
  const opens = heldRequests();
  const onClick = (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    opens.request();
  };
  trigger.addEventListener('click', onClick);
  trigger.setAttribute('aria-haspopup', 'dialog');
  const root = createRoot(host);
  const initial = context.activatedBy === 'click' ? 'open' : context.activatedBy === 'request' ? 'reveal' : 'closed';
  root.render(
    <CartRuntimeProvider runtime={context.runtime}>
      <MiniCart trigger={trigger} initialMode={initial} opens={opens} />
    </CartRuntimeProvider>,
  );
  return () => {
    trigger.removeEventListener('click', onClick);
    trigger.removeAttribute('aria-haspopup');
    root.unmount();
    host.remove();
  };
}

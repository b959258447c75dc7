// The one entry, loaded on every page: the theme, the cart core (no request is made until the
// shopper acts or the cart changed elsewhere), the behaviours (small vanilla enhancements of
// the server's HTML) and the scheduler that attaches them and mounts the islands. Island code
// itself is fetched on demand, only where the page has that island.
import './styles/theme.css';
import { startOrderAttribution } from './attribution';
import { addToCartDeps, startAddToCart } from './behaviours/add-to-cart';
import { startAnchorScroll } from './behaviours/anchor-scroll';
import { getCartRuntime, getSetting, storefrontSettings } from './core';
import { startSnackbars } from './behaviours/snackbars';
import { prepareAnnouncer } from './lib/announce';
import { requestMiniCartReveal } from './islands/mini-cart/requests';
import { startPageScheduler } from './scheduler/page';

function start(): void {
  try {
    startOrderAttribution(document);
  } catch (error) {
    console.error('Order attribution failed; the forms are sent without it.', error);
  }
  const runtime = getCartRuntime();
  // A page with extensions: the wc.*/wp.* globals (src/extensions/) reach the cart through it.
  // The server prints the globals' chunk as a module script before the extension scripts
  // (web/README.md, "Extensions"); this import is the same module, run once.
  const extensions = getSetting<unknown>('extensions', null);
  if (Array.isArray(extensions)) {
    window.mercatoCartRuntime = runtime;
    if (extensions.length > 0) {
      void import('./extensions');
    }
  }
  prepareAnnouncer(document);
  const settings = storefrontSettings(document);
  if (settings.canEditPages) {
    // Staff only (SPEC §6): its module is fetched for them, not by every shopper's page (the
    // catalogue pages' 40 KB, docs/benchmarks.md).
    void import('./lib/reduced-motion-notice').then(({ noticeReducedMotion }) => noticeReducedMotion(true, window));
  }
  // On the block cart and checkout pages the Store API store is the only writer of the cart.
  startAddToCart(document, addToCartDeps(runtime, settings));
  startSnackbars(document, runtime.notices);
  startAnchorScroll(document);
  startPageScheduler(document.body, () => runtime);
  // SPEC §4.9: a page that loads with an added-to-cart notice (a success notice whose link
  // goes to the cart, as the server writes it after an add that loaded a page) shows the
  // mini cart briefly. After the scheduler starts: it loads the mini cart when asked.
  const addedNotice = [...document.querySelectorAll('.notice--success a[href]')].some(
    (link) => link instanceof HTMLAnchorElement && new URL(link.href).pathname === settings.cartUrl,
  );
  if (settings.revealMiniCart && addedNotice) {
    requestMiniCartReveal(document);
  }
}

if (document.readyState === 'loading') {
  document.addEventListener('DOMContentLoaded', start, { once: true });
} else {
  start();
}

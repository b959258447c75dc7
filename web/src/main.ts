// The one entry, loaded on every page: the theme, the cart core (no request is made until the
// shopper acts or the cart changed elsewhere), the behaviours (small vanilla enhancements of
// the server's HTML) and the island loader. Island code itself is fetched on demand, only
// where the page has that island.
import './styles/theme.css';
import { startAddToCart } from './behaviours/add-to-cart';
import { behaviours } from './behaviours/registry';
import { createBehaviourRunner } from './behaviours/runner';
import { getCartRuntime } from './core';
import { startIslands } from './islands/loader';
import { prepareAnnouncer } from './lib/announce';
import { storefrontSettings } from './lib/page-settings';

function start(): void {
  const runtime = getCartRuntime();
  prepareAnnouncer(document);
  startAddToCart(document, { ajax: runtime.ajax, settings: storefrontSettings(document) });
  const runner = createBehaviourRunner(behaviours);
  runner.attachAll(document.body);
  runner.observe(document.body);
  startIslands(document.body);
}

if (document.readyState === 'loading') {
  document.addEventListener('DOMContentLoaded', start, { once: true });
} else {
  start();
}

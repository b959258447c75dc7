// Asking the mini cart (an island loaded on interaction) to show itself, whether or not it
// listens yet: a request made before it listens is kept and delivered when it does. This
// module is small and free of React: the entry imports it (add to cart, main.ts), the
// island's chunk listens.
//
// - A reveal after an add to cart (SPEC §4.9): one queue for the page; when nobody listens,
//   the island's container is also told to load it.
// - A click on the header's cart link: one queue per mounted island (`heldRequests()`, in
//   index.tsx).

import { heldRequests } from '../../lib/held-requests';
import { ACTIVATE_EVENT } from '../types';

type Listener = () => void;

const reveals = heldRequests();

/** Asks the mini cart to open for a few seconds (SPEC §4.9: 5000 ms). */
export function requestMiniCartReveal(doc: Document = document): void {
  if (!reveals.request()) {
    doc.querySelector('[data-island="mini-cart"]')?.dispatchEvent(new CustomEvent(ACTIVATE_EVENT));
  }
}

/** The mini cart listens; a request made before it loaded is delivered at once. */
export function onMiniCartReveal(run: Listener): () => void {
  return reveals.listen(run);
}

// Asking the mini cart (an island loaded on interaction) to reveal itself after an add to
// cart (SPEC §4.9), whether or not it has loaded yet: the request is kept until the island
// listens, and the island's container is told to load it.

import { ACTIVATE_EVENT } from '../islands/types';

type Listener = () => void;

let listener: Listener | null = null;
let pending = false;

/** Asks the mini cart to open for a few seconds (SPEC §4.9: 5000 ms). */
export function requestMiniCartReveal(doc: Document = document): void {
  if (listener !== null) {
    listener();
    return;
  }
  pending = true;
  doc.querySelector('[data-island="mini-cart"]')?.dispatchEvent(new CustomEvent(ACTIVATE_EVENT));
}

/** The mini cart listens; a request made before it loaded is delivered at once. */
export function onMiniCartReveal(run: Listener): () => void {
  listener = run;
  if (pending) {
    pending = false;
    run();
  }
  return () => {
    if (listener === run) {
      listener = null;
    }
  };
}

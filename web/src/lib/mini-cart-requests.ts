// Asking the mini cart (an island loaded on interaction) to show itself, whether or not it
// listens yet: a request made before it listens is kept and delivered when it does.
//
// - A reveal after an add to cart (SPEC §4.9): one queue for the page; when nobody listens,
//   the island's container is also told to load it.
// - A click on the header's cart link: one queue per mounted island (`heldRequests()`), as
//   the link's clicks are taken when the island mounts and React attaches the drawer later.

import { ACTIVATE_EVENT } from '../islands/types';

type Listener = () => void;

/** Requests kept until someone listens, then delivered at once. */
export interface HeldRequests {
  /** Delivers the request, or keeps it; `true` when a listener took it now. */
  request(): boolean;
  /** Listens (one listener at a time); a kept request is delivered at once. */
  listen(run: Listener): () => void;
}

export function heldRequests(): HeldRequests {
  let listener: Listener | null = null;
  let pending = false;
  return {
    request() {
      if (listener === null) {
        pending = true;
        return false;
      }
      listener();
      return true;
    },
    listen(run) {
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
    },
  };
}

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

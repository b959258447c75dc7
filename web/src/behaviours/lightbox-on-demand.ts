// The `lightbox` behaviour as the entry has it: a stand-in that fetches the dialog code
// (lightboxes.ts and its CSS, 2.7 KB gzip) only when a shopper reaches for a link to the block
// (the first hover, focus or click of a link to its `#id`), or at once for a page loaded with
// that hash. The home page, which has lightboxes, then loads no more than issue 11's 40 KB
// (docs/benchmarks.md). Until the chunk comes, the block stays hidden where it stands
// (home.css) and a click on its link is held: given to the lightbox once it has attached, so
// the first click opens it. If the chunk fails, the click is dropped (the block is hidden, so
// following `#id` would show nothing), the failure logged, and the next click tries again.

import { chunkFailedMessage } from '../scheduler/scheduler';
import { anchorTarget } from './anchor-scroll';
import type { Behaviour, LazyBehaviour } from './types';

/** Events on a link to the block that fetch the chunk; a click is also held. */
const REACH = ['click', 'pointerover', 'focusin'] as const;

/** The stand-in for `lazy` (the chunk's `lightbox`). */
export function lightboxOnDemand(lazy: LazyBehaviour): Behaviour {
  return {
    attach(el, context) {
      const doc = el.ownerDocument;
      if (el.id === '') {
        return;
      }
      // A link to the block (anchor-scroll's test, already in the entry: the lightbox's own
      // `inPageTarget` would add its bytes to every page).
      const opens = (link: Element | null | undefined): link is HTMLAnchorElement =>
        link instanceof HTMLAnchorElement && anchorTarget(link, doc) === el;
      // The links announce their dialog before it exists, as the lightbox itself does.
      for (const link of doc.querySelectorAll('a[href]')) {
        if (opens(link)) {
          link.setAttribute('aria-haspopup', 'dialog');
        }
      }
      let held: HTMLAnchorElement | undefined;
      let loading = false;
      let gone = false;
      let undo: (() => void) | undefined;
      const listen = (on: boolean): void => {
        for (const type of REACH) {
          // Capture phase, before the smooth scroll to anchors sees a click (as the lightbox).
          if (on) {
            doc.addEventListener(type, onReach, true);
          } else {
            doc.removeEventListener(type, onReach, true);
          }
        }
      };
      const fetchChunk = (): void => {
        if (loading) {
          return;
        }
        loading = true;
        lazy.load().then(
          (behaviour) => {
            if (gone) {
              return;
            }
            listen(false);
            const result = behaviour.attach(el, context);
            undo = typeof result === 'function' ? result : undefined;
            // The lightbox listens now: give it the click that came first.
            if (held?.isConnected === true) {
              held.click();
            }
            held = undefined;
          },
          (error: unknown) => {
            loading = false;
            held = undefined;
            console.error(chunkFailedMessage(lazy.chunk), error);
          },
        );
      };
      function onReach(event: Event): void {
        const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
        if (!opens(link)) {
          return;
        }
        if (event instanceof MouseEvent && event.type === 'click') {
          // A plain click only: one that opens a new tab or window is left to the browser.
          if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
            return;
          }
          event.preventDefault();
          event.stopPropagation();
          held = link;
        }
        fetchChunk();
      }
      listen(true);
      if (doc.location.hash === `#${el.id}`) {
        fetchChunk();
      }
      return () => {
        gone = true;
        listen(false);
        undo?.();
      };
    },
  };
}

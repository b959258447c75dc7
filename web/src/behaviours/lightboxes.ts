// Lightboxes and off-canvas panels opened by links to `#id`, and another page of the shop
// (the terms) shown in a lightbox: the media behaviours a page needs from its first click, in
// a chunk of their own (lazy-chunk.ts), so pages with a lightbox do not fetch the films,
// background video and gallery with it (media.ts, fetched when such a block comes near).

import { createPanel, panelKind, type Panel } from '../media/dialog';
import type { Behaviour, BehaviourRegistry } from './types';

/** Whether a click is a plain one the page may take over (not a new tab or window). */
export function isPlainClick(event: MouseEvent): boolean {
  return !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** The `#id` a link names on this page, or null. */
export function inPageTarget(link: HTMLAnchorElement): string | null {
  const here = link.ownerDocument.location;
  const href = link.getAttribute('href') ?? '';
  if (href.startsWith('#')) {
    return href.length > 1 ? decodeURIComponentSafe(href.slice(1)) : null;
  }
  if (link.hash.length < 2 || link.origin !== here.origin || link.pathname !== here.pathname || link.search !== here.search) {
    return null;
  }
  return decodeURIComponentSafe(link.hash.slice(1));
}

function decodeURIComponentSafe(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/**
 * `lightbox` on a block of content with an id: the block moves into a dialog (a lightbox or
 * an off-canvas panel, `data-panel`), opened by any link on the page to `#id` and by a page
 * loaded with that hash. Clicks are taken in the capture phase, before the smooth scroll to
 * anchors sees them.
 */
export const lightbox: Behaviour = {
  attach(el) {
    const doc = el.ownerDocument;
    const id = el.id;
    if (id === '') {
      return;
    }
    const heading = el.querySelector('h1, h2, h3');
    const placeholder = doc.createComment(`lightbox #${id}`);
    const panel = createPanel(doc, {
      kind: panelKind(el.dataset.panel),
      ...(heading?.id ? { labelledBy: heading.id } : { label: heading?.textContent ?? id }),
    });
    el.replaceWith(placeholder);
    panel.body.append(el);
    for (const link of doc.querySelectorAll<HTMLAnchorElement>('a[href]')) {
      if (inPageTarget(link) === id) {
        link.setAttribute('aria-haspopup', 'dialog');
      }
    }
    const onClick = (event: MouseEvent): void => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || !isPlainClick(event) || inPageTarget(link) !== id) {
        return;
      }
      event.preventDefault();
      panel.open(link);
    };
    doc.addEventListener('click', onClick, true);
    if (doc.location.hash === `#${id}`) {
      panel.open(null);
    }
    return () => {
      doc.removeEventListener('click', onClick, true);
      panel.dialog.remove();
      placeholder.replaceWith(el);
    };
  },
};

/** What `page-lightbox` shows of a fetched page: its main content, scripts removed. */
export function pageContent(html: string, doc: Document): { heading: string; content: DocumentFragment } | null {
  const page = new DOMParser().parseFromString(html, 'text/html');
  const main = page.querySelector('main');
  if (main === null) {
    return null;
  }
  for (const unwanted of main.querySelectorAll('script, style, iframe, object, embed, form, .edit-links, .notice')) {
    unwanted.remove();
  }
  const h1 = main.querySelector('h1');
  const heading = h1?.textContent.trim() ?? '';
  h1?.remove();
  // A content page's text, else whatever the page's main holds.
  const body = main.querySelector('.content-page__body') ?? main;
  const content = doc.createDocumentFragment();
  content.append(...[...body.childNodes].map((node) => doc.importNode(node, true)));
  return { heading, content };
}

/**
 * `page-lightbox` on a link to another page of the shop (the checkout's terms and conditions,
 * SPEC §2.6): the page's main content opens in a lightbox; if it cannot be fetched the link
 * is followed.
 */
export const pageLightbox: Behaviour = {
  attach(el) {
    if (!(el instanceof HTMLAnchorElement)) {
      return;
    }
    const doc = el.ownerDocument;
    el.setAttribute('aria-haspopup', 'dialog');
    let panel: Panel | null = null;
    const onClick = (event: MouseEvent): void => {
      if (!isPlainClick(event)) {
        return;
      }
      event.preventDefault();
      void (async () => {
        try {
          const reply = await fetch(el.href, { credentials: 'same-origin', headers: { Accept: 'text/html' } });
          const found = reply.ok ? pageContent(await reply.text(), doc) : null;
          if (found === null) {
            throw new Error(`${el.href}: ${String(reply.status)}`);
          }
          panel ??= createPanel(doc, { labelledBy: `${el.id || 'page'}-lightbox-heading` });
          const heading = doc.createElement('h2');
          heading.id = panel.dialog.getAttribute('aria-labelledby') ?? '';
          heading.className = 'lightbox__heading';
          heading.textContent = found.heading || el.textContent.trim();
          const content = doc.createElement('div');
          content.className = 'lightbox__page';
          content.append(found.content);
          const close = panel.body.querySelector('.lightbox__close');
          panel.body.replaceChildren(...(close === null ? [] : [close]), heading, content);
          panel.open(el);
        } catch (error) {
          console.error('The page could not be shown in a lightbox; following the link.', error);
          doc.defaultView?.location.assign(el.href);
        }
      })();
    };
    el.addEventListener('click', onClick);
    return () => {
      el.removeEventListener('click', onClick);
      panel?.dialog.remove();
    };
  },
};

/** The chunk's behaviours by their `data-behaviour` names. */
export const lightboxBehaviours = {
  lightbox,
  'page-lightbox': pageLightbox,
} satisfies BehaviourRegistry;

// The theme's media behaviours in one chunk of their own (lazy-chunk.ts), fetched only by a
// page that has one of them: lightboxes and off-canvas panels opened by links to `#id`, the
// terms page in a lightbox, films played inline or in a video lightbox, the background video
// and the home page's gallery. Each enhances markup that works without JavaScript.

import type { GalleryImage } from '../gallery/images';
import { createPanel, panelKind, type Panel } from '../media/dialog';
import { prefersReducedMotion } from '../lib/scroll';
import type { Behaviour, BehaviourRegistry } from './types';

/** Whether a click is a plain one the page may take over (not a new tab or window). */
function isPlainClick(event: MouseEvent): boolean {
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

/** A `<video controls>` for a film, named by `label`. */
function filmPlayer(doc: Document, src: string, label: string): HTMLVideoElement {
  const video = doc.createElement('video');
  video.className = 'film-player';
  video.src = src;
  video.controls = true;
  video.playsInline = true;
  video.preload = 'metadata';
  video.setAttribute('aria-label', label);
  return video;
}

/**
 * `video-link` on a link to an `.mp4` file: a click plays it in a `<video controls>` that
 * takes the link's place (`data-open="inline"`), or in a video lightbox (`lightbox`).
 */
export const videoLink: Behaviour = {
  attach(el) {
    if (!(el instanceof HTMLAnchorElement)) {
      return;
    }
    const doc = el.ownerDocument;
    const label = el.textContent.trim();
    const inLightbox = el.dataset.open === 'lightbox';
    if (inLightbox) {
      el.setAttribute('aria-haspopup', 'dialog');
    }
    let panel: Panel | null = null;
    const onClick = (event: MouseEvent): void => {
      if (!isPlainClick(event)) {
        return;
      }
      event.preventDefault();
      const video = filmPlayer(doc, el.href, label);
      if (inLightbox) {
        panel ??= createPanel(doc, {
          label,
          onClosed: () => {
            panel?.body.querySelector('video')?.pause();
          },
        });
        panel.body.querySelector('video')?.remove();
        panel.body.append(video);
        panel.open(el);
      } else {
        el.after(video);
        el.hidden = true;
        video.focus();
      }
      // A click on "Watch" is the shopper asking for it, reduced motion or not.
      video.play().catch(() => {
        // Blocked (sound without a gesture the browser counts): the controls remain.
      });
    };
    el.addEventListener('click', onClick);
    return () => {
      el.removeEventListener('click', onClick);
      panel?.dialog.remove();
    };
  },
};

/**
 * `background-video` around a muted, looping `<video>`: plays while it is on screen, pauses
 * off screen. With reduced motion it does not start: the poster shows, with a Play button.
 * The button (`data-video-toggle`) pauses and plays it either way (WCAG 2.2.2).
 */
export const backgroundVideo: Behaviour = {
  attach(el) {
    const video = el.querySelector('video');
    const toggle = el.querySelector<HTMLButtonElement>('[data-video-toggle]');
    const win = el.ownerDocument.defaultView;
    if (video === null || win === null) {
      return;
    }
    video.muted = true;
    // Stopped by the shopper (or never started, under reduced motion): scrolling does not
    // start it again.
    let held = prefersReducedMotion(win);
    let onScreen = false;
    const label = (): void => {
      if (toggle !== null) {
        toggle.textContent = video.paused ? 'Play video' : 'Pause video';
      }
    };
    const play = (): void => {
      video.preload = 'auto';
      video.play().then(label, label);
    };
    const update = (): void => {
      if (onScreen && !held) {
        play();
      } else if (!video.paused) {
        video.pause();
      }
      label();
    };
    if (toggle !== null) {
      toggle.hidden = false;
      toggle.addEventListener('click', () => {
        held = !video.paused;
        if (held) {
          video.pause();
        } else {
          play();
        }
        label();
      });
    }
    video.addEventListener('pause', label);
    video.addEventListener('play', label);
    label();
    if (typeof win.IntersectionObserver !== 'function') {
      onScreen = true;
      update();
      return;
    }
    const observer = new win.IntersectionObserver((entries) => {
      onScreen = entries.some((entry) => entry.isIntersecting);
      update();
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      video.pause();
    };
  },
};

/** The images of a gallery section's thumbnail links. */
export function galleryImages(links: readonly HTMLAnchorElement[]): GalleryImage[] {
  const size = (value: string | undefined): number | null => {
    const n = Number(value);
    return Number.isInteger(n) && n > 0 ? n : null;
  };
  return links.map((link) => {
    const img = link.querySelector('img');
    return {
      src: img?.getAttribute('src') ?? link.href,
      srcset: '',
      sizes: '',
      alt: img?.alt ?? '',
      full: link.href,
      fullWidth: size(link.dataset.galleryWidth),
      fullHeight: size(link.dataset.galleryHeight),
    };
  });
}

/**
 * `home-gallery` on a gallery section: a thumbnail opens the product gallery's lightbox
 * (PhotoSwipe, its own chunk: arrows, swipes, Escape, focus back to the thumbnail).
 */
export const homeGallery: Behaviour = {
  attach(el) {
    const links = [...el.querySelectorAll<HTMLAnchorElement>('a[data-gallery-width]')];
    const onClick = (event: MouseEvent): void => {
      const link = event.target instanceof Element ? event.target.closest('a') : null;
      const index = link instanceof HTMLAnchorElement ? links.indexOf(link) : -1;
      if (index < 0 || !isPlainClick(event)) {
        return;
      }
      event.preventDefault();
      void import('../gallery/lightbox').then(({ openLightbox }) =>
        openLightbox(galleryImages(links), index, el.ownerDocument.defaultView ?? window),
      );
    };
    for (const link of links) {
      link.setAttribute('aria-haspopup', 'dialog');
    }
    el.addEventListener('click', onClick);
    return () => {
      el.removeEventListener('click', onClick);
    };
  },
};

/** The chunk's behaviours by their `data-behaviour` names. */
export const mediaBehaviours = {
  'background-video': backgroundVideo,
  'home-gallery': homeGallery,
  lightbox,
  'page-lightbox': pageLightbox,
  'video-link': videoLink,
} satisfies BehaviourRegistry;

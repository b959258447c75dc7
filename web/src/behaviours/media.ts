// The theme's media blocks in one chunk of their own (lazy-chunk.ts), fetched when such a
// block comes near the viewport: films played inline or in a video lightbox, the background
// video and the home page's gallery (lightboxes opened by links are lightboxes.ts). Each
// enhances markup that works without JavaScript.

import type { GalleryImage } from '../gallery/images';
import { createPanel, type Panel } from '../media/dialog';
import { prefersReducedMotion } from '../lib/scroll';
import { isPlainClick } from './lightboxes';
import type { Behaviour, BehaviourRegistry } from './types';

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
  'video-link': videoLink,
} satisfies BehaviourRegistry;

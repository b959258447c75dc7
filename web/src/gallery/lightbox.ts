// The full-screen gallery (SPEC §2.3): PhotoSwipe's core, with its CSS, in a chunk of its own
// that the product gallery imports on the shopper's first "Zoom image", so the product page
// loads none of it up front. PhotoSwipe brings the keyboard (arrows, Escape), swipes, pinch
// zoom and the return of focus to the button that opened it.

import PhotoSwipe from 'photoswipe';
import 'photoswipe/style.css';
import { prefersReducedMotion } from '../lib/scroll';
import type { GalleryImage } from './images';

/** SPEC §8.1, with {n} the image's position (1 for the first). */
export function lightboxErrorText(n: number): string {
  return `The image #${String(n)} could not be loaded.`;
}

/** How long a size measurement of an image may take before the lightbox opens without it. */
const MEASURE_TIMEOUT_MS = 5000;
/** The size given to an image whose size could not be measured (its slide shows the error). */
const FALLBACK_SIZE = 600;

interface Sized {
  width: number;
  height: number;
}

/** The full-size image's pixel size: from the markup, else measured by loading it. */
async function sizeOf(image: GalleryImage, win: Window): Promise<Sized> {
  if (image.fullWidth !== null && image.fullHeight !== null) {
    return { width: image.fullWidth, height: image.fullHeight };
  }
  const probe = win.document.createElement('img');
  probe.src = image.full;
  const timeout = new Promise<never>((_, reject) => {
    win.setTimeout(() => {
      reject(new Error('timed out'));
    }, MEASURE_TIMEOUT_MS);
  });
  try {
    await Promise.race([probe.decode(), timeout]);
    if (probe.naturalWidth > 0 && probe.naturalHeight > 0) {
      return { width: probe.naturalWidth, height: probe.naturalHeight };
    }
  } catch {
    // Shown as the slide's error message once PhotoSwipe tries the image itself.
  }
  return { width: FALLBACK_SIZE, height: FALLBACK_SIZE };
}

/**
 * Opens the gallery at `index`; resolves when it is open. Focus goes back to what had it
 * (the zoom button) when the shopper closes it.
 */
export async function openLightbox(
  images: readonly GalleryImage[],
  index: number,
  win: Window = window,
  within: HTMLDialogElement | null = null,
): Promise<void> {
  const sizes = await Promise.all(images.map((image) => sizeOf(image, win)));
  const lightbox = new PhotoSwipe({
    // A gallery inside a modal dialog (the quick view): the lightbox goes inside that dialog,
    // or the dialog's top layer would cover it.
    ...(within === null ? {} : { appendToEl: within }),
    dataSource: images.map((image, i) => ({
      src: image.full,
      width: sizes[i]?.width ?? FALLBACK_SIZE,
      height: sizes[i]?.height ?? FALLBACK_SIZE,
      alt: image.alt,
      msrc: image.src,
    })),
    index,
    errorMsg: lightboxErrorText(index + 1),
    closeTitle: 'Close (Esc)',
    zoomTitle: 'Zoom in or out',
    arrowPrevTitle: 'Previous image',
    arrowNextTitle: 'Next image',
    // SPEC §9.6: the lightbox is removed 300 ms after it closes; no animation for shoppers
    // who asked for less motion.
    hideAnimationDuration: 300,
    // Inside a modal dialog (the quick view) the opening fade never finished in Chromium (the
    // e2e caught it stuck at its first frame), so there the lightbox opens without it.
    showHideAnimationType: prefersReducedMotion(win) || within !== null ? 'none' : 'fade',
  });
  lightbox.addFilter('contentErrorElement', (element, content) => {
    element.textContent = lightboxErrorText(content.index + 1);
    element.setAttribute('role', 'alert');
    return element;
  });
  lightbox.on('firstUpdate', () => {
    const root = lightbox.element;
    if (root !== undefined) {
      root.setAttribute('aria-modal', 'true');
      root.setAttribute('aria-label', 'Image gallery');
    }
  });
  const opened = new Promise<void>((resolve) => {
    lightbox.on('openingAnimationEnd', () => {
      resolve();
    });
  });
  if (within !== null) {
    // Escape inside a modal dialog cancels the dialog before the lightbox sees the key: while
    // the lightbox is open, Escape closes the lightbox only.
    const onCancel = (event: Event): void => {
      event.preventDefault();
      lightbox.close();
    };
    within.addEventListener('cancel', onCancel);
    lightbox.on('destroy', () => {
      within.removeEventListener('cancel', onCancel);
    });
  }
  lightbox.init();
  await opened;
}

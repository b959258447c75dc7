// The product gallery (SPEC §2.3, §8.1). The server writes the main image as a link to its
// full-size file, and each thumbnail as a link to its own full-size file carrying the image
// at the main image's size in data attributes; a hidden "Zoom image" button. Without
// JavaScript those links are the gallery. With it:
// - the thumbnails become buttons "Show image N of M" (the shown one `aria-pressed`) that
//   show their image as the main image;
// - "Zoom image" and the main image open the full-screen gallery (PhotoSwipe, loaded then);
// - a mouse resting on the main image zooms it (large screens only);
// - a variation chosen or reset (the variation form's `mercato:variation-found` and
//   `mercato:variation-reset` on the same `.product`) brings the gallery back to the first
//   image, which the form has swapped to the variation's: thumbnail 1 then shows that image.
// The zoom and the lightbox read the main image when they are used, so they follow any swap.

import { attachHoverZoom } from '../gallery/hover-zoom';
import { type GalleryImage, imageOfMain, imageOfThumbnail, imageOfVariation, showInMain } from '../gallery/images';
import type { Behaviour } from './types';

/** The events the variation form dispatches on its form, inside the product. */
export const VARIATION_FOUND = 'mercato:variation-found';
export const VARIATION_RESET = 'mercato:variation-reset';

/** Loads the lightbox's chunk (PhotoSwipe and its CSS) on first use. */
async function openLightbox(
  images: readonly GalleryImage[],
  index: number,
  win: Window,
  within: HTMLDialogElement | null,
): Promise<void> {
  const lightbox = await import('../gallery/lightbox');
  await lightbox.openLightbox(images, index, win, within);
}

/** A `<button>` that takes the thumbnail link's place, keeping its `<img>` (the variation form swaps it). */
function thumbnailButton(link: HTMLAnchorElement, n: number, count: number): HTMLButtonElement {
  const doc = link.ownerDocument;
  const button = doc.createElement('button');
  button.type = 'button';
  button.className = 'gallery-thumb';
  const img = link.querySelector('img');
  if (img !== null) {
    button.append(img);
  }
  const label = doc.createElement('span');
  label.className = 'visually-hidden';
  label.textContent = `Show image ${String(n)} of ${String(count)}`;
  button.append(label);
  link.replaceWith(button);
  return button;
}

export const productGallery: Behaviour = {
  attach(el) {
    const doc = el.ownerDocument;
    const win = doc.defaultView;
    const main = el.querySelector('.woocommerce-product-gallery__image img.wp-post-image');
    const frame = el.querySelector('.woocommerce-product-gallery__image');
    if (win === null || !(main instanceof HTMLImageElement) || !(frame instanceof HTMLElement)) {
      return;
    }
    const cleanups: (() => void)[] = [];
    const links = [...el.querySelectorAll('.flex-control-thumbs a[data-gallery-index]')].filter(
      (a): a is HTMLAnchorElement => a instanceof HTMLAnchorElement,
    );
    const images = links.map(imageOfThumbnail);
    const buttons = links.map((link, i) => thumbnailButton(link, i + 1, links.length));
    let current = 0;
    // The variation's image, which thumbnail 1 stands for while a variation is chosen.
    let variationImage: GalleryImage | null = null;

    const markCurrent = (index: number): void => {
      current = index;
      buttons.forEach((button, i) => {
        button.setAttribute('aria-pressed', String(i === index));
      });
    };
    const imageAt = (index: number): GalleryImage | undefined =>
      index === 0 && variationImage !== null ? variationImage : images[index];
    const show = (index: number): void => {
      const image = imageAt(index);
      if (image !== undefined) {
        showInMain(main, image);
        markCurrent(index);
      }
    };
    /** The gallery as it stands: the shown image read from the main image itself. */
    const lightboxImages = (): GalleryImage[] => {
      if (images.length === 0) {
        return [imageOfMain(main)];
      }
      return images.map((image, i) => {
        if (i !== current) {
          return imageAt(i) ?? image;
        }
        return i === 0 && variationImage !== null ? variationImage : imageOfMain(main);
      });
    };

    markCurrent(0);
    buttons.forEach((button, i) => {
      const onClick = (): void => {
        show(i);
      };
      button.addEventListener('click', onClick);
      cleanups.push(() => {
        button.removeEventListener('click', onClick);
      });
    });

    let opening = false;
    const open = (): void => {
      if (opening) {
        return;
      }
      opening = true;
      openLightbox(lightboxImages(), images.length === 0 ? 0 : current, win, el.closest('dialog'))
        .catch((error: unknown) => {
          // The chunk did not load (offline, a new deploy): the link still leads to the image.
          console.error('The image gallery could not be opened.', error);
          win.location.assign(imageOfMain(main).full);
        })
        .finally(() => {
          opening = false;
        });
    };

    const trigger = el.querySelector('.woocommerce-product-gallery__trigger');
    if (trigger instanceof HTMLButtonElement) {
      trigger.hidden = false;
      trigger.addEventListener('click', open);
      cleanups.push(() => {
        trigger.removeEventListener('click', open);
        trigger.hidden = true;
      });
    }
    const mainLink = main.closest('a');
    const onMainClick = (event: MouseEvent): void => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
        return;
      }
      event.preventDefault();
      open();
    };
    mainLink?.addEventListener('click', onMainClick);
    cleanups.push(() => mainLink?.removeEventListener('click', onMainClick));

    cleanups.push(attachHoverZoom(frame, () => imageOfMain(main).full));

    const product = el.closest('.product');
    if (product !== null) {
      const onFound = (event: Event): void => {
        const detail: unknown = event instanceof CustomEvent ? event.detail : null;
        const variation = typeof detail === 'object' && detail !== null && 'variation' in detail ? detail.variation : null;
        variationImage = imageOfVariation(variation);
        // The form has put the variation's image in the main image; make that the shown one.
        markCurrent(0);
      };
      const onReset = (): void => {
        variationImage = null;
        markCurrent(0);
      };
      product.addEventListener(VARIATION_FOUND, onFound);
      product.addEventListener(VARIATION_RESET, onReset);
      cleanups.push(() => {
        product.removeEventListener(VARIATION_FOUND, onFound);
        product.removeEventListener(VARIATION_RESET, onReset);
      });
    }
    return () => {
      for (const cleanup of cleanups) {
        cleanup();
      }
    };
  },
};

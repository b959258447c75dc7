import { getAllByRole, getByRole } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { imageOfVariation } from '../gallery/images';
import { zoomOffset } from '../gallery/hover-zoom';
import type * as Lightbox from '../gallery/lightbox';
import { lightboxErrorText } from '../gallery/lightbox';
import { productBehaviours } from './product-page';
import { createBehaviourRunner } from './runner';
import { VARIATION_FOUND, VARIATION_RESET } from './product-gallery';

const opened = vi.hoisted(() => ({ calls: [] as { images: unknown[]; index: number }[] }));
vi.mock('../gallery/lightbox', async (importOriginal) => ({
  ...(await importOriginal<typeof Lightbox>()),
  openLightbox: (images: unknown[], index: number) => {
    opened.calls.push({ images, index });
    return Promise.resolve();
  },
}));

function thumb(n: number, w = 800): string {
  return `<li><a href="/media/p-${String(n)}.jpg" data-gallery-index="${String(n - 1)}" data-src="/media/p-${String(n)}.jpg"
    data-srcset="/media/p-${String(n)}-300.jpg 300w, /media/p-${String(n)}.jpg ${String(w)}w" data-sizes="600px" data-alt="Hoodie ${String(n)}"
    data-large_image="/media/p-${String(n)}.jpg" data-large_image_width="${String(w)}" data-large_image_height="${String(w)}">
    <img src="/media/p-${String(n)}-300.jpg" alt=""><span class="visually-hidden">Image ${String(n)} of 3, full size</span></a></li>`;
}

const page = `
  <div class="product" id="product-7">
    <div class="woocommerce-product-gallery" data-behaviour="product-gallery">
      <button type="button" class="woocommerce-product-gallery__trigger" hidden><span class="visually-hidden">Zoom image</span></button>
      <figure class="woocommerce-product-gallery__wrapper"><div class="woocommerce-product-gallery__image">
        <a href="/media/p-1.jpg"><img src="/media/p-1.jpg" srcset="/media/p-1-300.jpg 300w, /media/p-1.jpg 800w" sizes="600px" alt="Hoodie 1"
          width="800" height="800" data-large_image="/media/p-1.jpg" data-large_image_width="800" data-large_image_height="800" class="wp-post-image"></a>
      </div></figure>
      <ol class="flex-control-nav flex-control-thumbs">${thumb(1)}${thumb(2)}${thumb(3, 1200)}</ol>
    </div>
    <form class="variations_form cart"></form>
  </div>`;

function load(): HTMLElement {
  document.body.innerHTML = page;
  createBehaviourRunner(productBehaviours).attachAll(document.body);
  return document.body;
}

function mainImage(body: HTMLElement): HTMLImageElement {
  const img = body.querySelector('img.wp-post-image');
  if (!(img instanceof HTMLImageElement)) {
    throw new Error('no main image');
  }
  return img;
}

afterEach(() => {
  document.body.innerHTML = '';
  opened.calls = [];
});

describe('product gallery', () => {
  it('turns the thumbnails into buttons "Show image N of M", the first one pressed', () => {
    const body = load();
    const buttons = getAllByRole(body, 'button', { name: /^Show image \d of 3$/ });
    expect(buttons.map((b) => b.getAttribute('aria-pressed'))).toEqual(['true', 'false', 'false']);
    expect(body.querySelectorAll('.flex-control-thumbs a')).toHaveLength(0);
    // The thumbnail's own <img> stays (the variation form swaps the first one).
    expect(body.querySelector('.flex-control-thumbs img')?.getAttribute('src')).toBe('/media/p-1-300.jpg');
    expect(getByRole<HTMLButtonElement>(body, 'button', { name: 'Zoom image' }).hidden).toBe(false);
  });

  it('shows a thumbnail\'s image as the main image, its link and large image with it', async () => {
    const body = load();
    await userEvent.click(getByRole(body, 'button', { name: 'Show image 3 of 3' }));
    const img = mainImage(body);
    expect(img.getAttribute('src')).toBe('/media/p-3.jpg');
    expect(img.getAttribute('srcset')).toBe('/media/p-3-300.jpg 300w, /media/p-3.jpg 1200w');
    expect(img.alt).toBe('Hoodie 3');
    expect(img.getAttribute('width')).toBe('1200');
    expect(img.dataset.large_image).toBe('/media/p-3.jpg');
    expect(img.closest('a')?.getAttribute('href')).toBe('/media/p-3.jpg');
    const pressed = getAllByRole(body, 'button', { name: /^Show image/ }).map((b) => b.getAttribute('aria-pressed'));
    expect(pressed).toEqual(['false', 'false', 'true']);
  });

  it('goes back to the first image when a variation is found, and thumbnail 1 then shows the variation', async () => {
    const body = load();
    await userEvent.click(getByRole(body, 'button', { name: 'Show image 2 of 3' }));
    // What the variation form does: swap the main image, then tell the product.
    const img = mainImage(body);
    img.setAttribute('src', '/media/red.jpg');
    img.dataset.large_image = '/media/red-full.jpg';
    body.querySelector('form')?.dispatchEvent(
      new CustomEvent(VARIATION_FOUND, {
        bubbles: true,
        detail: {
          variation: {
            image: {
              src: '/media/red.jpg',
              srcset: false,
              sizes: false,
              full_src: '/media/red-full.jpg',
              full_src_w: 1000,
              full_src_h: 900,
              alt: 'Red hoodie',
              gallery_thumbnail_src: '/media/red-100.jpg',
            },
          },
        },
      }),
    );
    const pressed = () => getAllByRole(body, 'button', { name: /^Show image/ }).map((b) => b.getAttribute('aria-pressed'));
    expect(pressed()).toEqual(['true', 'false', 'false']);
    expect(img.getAttribute('src'), 'the swapped image stays').toBe('/media/red.jpg');

    await userEvent.click(getByRole(body, 'button', { name: 'Show image 3 of 3' }));
    await userEvent.click(getByRole(body, 'button', { name: 'Show image 1 of 3' }));
    expect(img.getAttribute('src'), 'thumbnail 1 stands for the variation').toBe('/media/red.jpg');
    expect(img.closest('a')?.getAttribute('href')).toBe('/media/red-full.jpg');
    expect(img.getAttribute('width')).toBe('1000');

    await userEvent.click(getByRole(body, 'button', { name: 'Show image 2 of 3' }));
    body.querySelector('form')?.dispatchEvent(new CustomEvent(VARIATION_RESET, { bubbles: true }));
    expect(pressed()).toEqual(['true', 'false', 'false']);
    await userEvent.click(getByRole(body, 'button', { name: 'Show image 3 of 3' }));
    await userEvent.click(getByRole(body, 'button', { name: 'Show image 1 of 3' }));
    expect(img.getAttribute('src'), 'reset: the product\'s own first image').toBe('/media/p-1.jpg');
  });

  it('opens the lightbox on the images as they are when asked: the shown one, and a variation\'s', async () => {
    const body = load();
    const zoom = getByRole(body, 'button', { name: 'Zoom image' });
    await userEvent.click(getByRole(body, 'button', { name: 'Show image 3 of 3' }));
    await userEvent.click(zoom);
    await vi.waitFor(() => {
      expect(opened.calls).toHaveLength(1);
    });
    expect(opened.calls[0]?.index).toBe(2);
    expect(opened.calls[0]?.images).toMatchObject([
      { full: '/media/p-1.jpg', fullWidth: 800 },
      { full: '/media/p-2.jpg' },
      { full: '/media/p-3.jpg', fullWidth: 1200, fullHeight: 1200 },
    ]);

    // The variation form swaps the main image and reports it; the lightbox opens on it.
    const img = mainImage(body);
    img.setAttribute('src', '/media/red.jpg');
    img.dataset.large_image = '/media/red-full.jpg';
    body.querySelector('form')?.dispatchEvent(
      new CustomEvent(VARIATION_FOUND, {
        bubbles: true,
        detail: { variation: { image: { src: '/media/red.jpg', full_src: '/media/red-full.jpg', full_src_w: 1000, full_src_h: 900, alt: 'Red' } } },
      }),
    );
    await userEvent.click(zoom);
    await vi.waitFor(() => {
      expect(opened.calls).toHaveLength(2);
    });
    expect(opened.calls[1]?.index).toBe(0);
    expect(opened.calls[1]?.images[0]).toMatchObject({ full: '/media/red-full.jpg', fullWidth: 1000, fullHeight: 900, alt: 'Red' });
  });

  it('opens the lightbox on the main image as it is when there are no thumbnails', async () => {
    document.body.innerHTML = page.replace(/<ol[\s\S]*<\/ol>/, '');
    createBehaviourRunner(productBehaviours).attachAll(document.body);
    // Swapped after the page was enhanced, as the variation form does.
    mainImage(document.body).dataset.large_image = '/media/blue-full.jpg';
    await userEvent.click(getByRole(document.body, 'link', { name: 'Hoodie 1' }));
    await vi.waitFor(() => {
      expect(opened.calls).toHaveLength(1);
    });
    expect(opened.calls[0]?.images).toMatchObject([{ full: '/media/blue-full.jpg' }]);
  });

  it('without a gallery of several images still offers the zoom button', () => {
    document.body.innerHTML = page.replace(/<ol[\s\S]*<\/ol>/, '');
    createBehaviourRunner(productBehaviours).attachAll(document.body);
    expect(getByRole<HTMLButtonElement>(document.body, 'button', { name: 'Zoom image' }).hidden).toBe(false);
    expect(document.querySelectorAll('.gallery-thumb')).toHaveLength(0);
  });
});

describe('a variation\'s image', () => {
  it('is read from the variation, or is none when the variation has no image', () => {
    expect(imageOfVariation({ image: { src: '', full_src: '' } })).toBeNull();
    expect(imageOfVariation({})).toBeNull();
    expect(imageOfVariation(null)).toBeNull();
    expect(imageOfVariation({ image: { src: '/a.jpg', full_src_w: 0, srcset: false } })).toEqual({
      src: '/a.jpg',
      srcset: '',
      sizes: '',
      alt: '',
      full: '/a.jpg',
      fullWidth: null,
      fullHeight: null,
    });
  });
});

describe('hover zoom and lightbox texts', () => {
  it('keeps the zoomed image over the box: the pointer\'s point stays under it', () => {
    expect(zoomOffset(0, 500, 1000)).toBeCloseTo(0);
    expect(zoomOffset(0.5, 500, 1000)).toBe(-250);
    expect(zoomOffset(1, 500, 1000)).toBe(-500);
    expect(zoomOffset(1.4, 500, 1000), 'clamped').toBe(-500);
    expect(zoomOffset(0.5, 500, 400), 'never smaller than the box').toBeCloseTo(0);
  });

  it('says which image of the lightbox failed (SPEC §8.1)', () => {
    expect(lightboxErrorText(2)).toBe('The image #2 could not be loaded.');
  });
});

describe('hover zoom', () => {
  it('shows the large image on a mouse hover on large screens, and the error for 2500 ms when it fails', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query }));
    const body = load();
    const frame = body.querySelector('.woocommerce-product-gallery__image');
    const zoom = body.querySelector('img.gallery-zoom');
    if (!(frame instanceof HTMLElement) || !(zoom instanceof HTMLImageElement)) {
      throw new Error('no zoom');
    }
    vi.useFakeTimers();
    try {
      frame.dispatchEvent(new PointerEvent('pointerenter', { pointerType: 'mouse', clientX: 10, clientY: 10 }));
      expect(zoom.getAttribute('src')).toBe('/media/p-1.jpg');
      zoom.dispatchEvent(new Event('error'));
      const status = getByRole(body, 'status');
      expect(status.textContent).toBe('The image could not be loaded');
      await vi.advanceTimersByTimeAsync(2499);
      expect(status.textContent).toBe('The image could not be loaded');
      await vi.advanceTimersByTimeAsync(1);
      expect(status.textContent).toBe('');
    } finally {
      vi.useRealTimers();
    }
  });

  it('does nothing for touch', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query }));
    const body = load();
    const frame = body.querySelector('.woocommerce-product-gallery__image');
    frame?.dispatchEvent(new PointerEvent('pointerenter', { pointerType: 'touch', clientX: 10, clientY: 10 }));
    expect(body.querySelector('img.gallery-zoom')?.hasAttribute('src')).toBe(false);
  });
});

// What the product gallery knows about an image, read from the server's markup (the main
// image and the thumbnails' data attributes, under WooCommerce's names) or from a variation
// (SPEC §3.1 `image`). Pure reading and writing of attributes, so it is tested without layout.

/** One image of the gallery, as the main image shows it and as the lightbox opens it. */
export interface GalleryImage {
  /** The main image's `src`. */
  src: string;
  srcset: string;
  sizes: string;
  alt: string;
  /** The full-size image: the link's target and what the lightbox and the hover zoom show. */
  full: string;
  /** The full-size image's pixel size, when the server knows it. */
  fullWidth: number | null;
  fullHeight: number | null;
}

function dimension(value: string | undefined | null): number | null {
  if (value === undefined || value === null || value === '') {
    return null;
  }
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function positive(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;
}

/** The image a thumbnail link (`data-src`, `data-large_image`, ...) stands for. */
export function imageOfThumbnail(link: HTMLElement): GalleryImage {
  const data = link.dataset;
  return {
    src: data.src ?? '',
    srcset: data.srcset ?? '',
    sizes: data.sizes ?? '',
    alt: data.alt ?? '',
    full: data.large_image ?? link.getAttribute('href') ?? '',
    fullWidth: dimension(data.large_image_width),
    fullHeight: dimension(data.large_image_height),
  };
}

/** The image the main `<img>` shows now (the variation form may have swapped it). */
export function imageOfMain(img: HTMLImageElement): GalleryImage {
  const link = img.closest('a');
  return {
    src: img.getAttribute('src') ?? '',
    srcset: img.getAttribute('srcset') ?? '',
    sizes: img.getAttribute('sizes') ?? '',
    alt: img.alt,
    full: img.dataset.large_image ?? link?.getAttribute('href') ?? img.src,
    fullWidth: dimension(img.dataset.large_image_width),
    fullHeight: dimension(img.dataset.large_image_height),
  };
}

/**
 * The image of a variation (the `image` of a `mercato:variation-found` event's variation), or
 * null when the variation has none: the product's own first image stays.
 */
export function imageOfVariation(variation: unknown): GalleryImage | null {
  if (typeof variation !== 'object' || variation === null || !('image' in variation)) {
    return null;
  }
  const image: unknown = variation.image;
  if (typeof image !== 'object' || image === null) {
    return null;
  }
  const fields = image as Record<string, unknown>;
  const src = text(fields.src);
  if (src === '') {
    return null;
  }
  const full = text(fields.full_src) || src;
  return {
    src,
    // WooCommerce sends `false` for an unknown srcset or sizes.
    srcset: text(fields.srcset),
    sizes: text(fields.sizes),
    alt: text(fields.alt),
    full,
    fullWidth: positive(fields.full_src_w),
    fullHeight: positive(fields.full_src_h),
  };
}

function setOrRemove(el: Element, name: string, value: string | null): void {
  if (value === null || value === '') {
    el.removeAttribute(name);
  } else {
    el.setAttribute(name, value);
  }
}

/** Shows `image` in the main `<img>` and points its link at the full-size image. */
export function showInMain(img: HTMLImageElement, image: GalleryImage): void {
  const width = image.fullWidth === null ? null : String(image.fullWidth);
  const height = image.fullHeight === null ? null : String(image.fullHeight);
  // srcset first: a browser that supports it picks from it as soon as src changes.
  setOrRemove(img, 'srcset', image.srcset);
  setOrRemove(img, 'sizes', image.sizes);
  img.setAttribute('src', image.src);
  img.alt = image.alt;
  setOrRemove(img, 'width', width);
  setOrRemove(img, 'height', height);
  setOrRemove(img, 'data-large_image', image.full);
  setOrRemove(img, 'data-large_image_width', width);
  setOrRemove(img, 'data-large_image_height', height);
  img.closest('a')?.setAttribute('href', image.full);
}

// Zoom on hover (SPEC §2.3): while a mouse rests on the main image, the full-size image is
// drawn over it, magnified, and follows the pointer. Only where there is a real hover and a
// fine pointer on a large screen: on touch and small screens the image stays as it is and the
// zoom button opens the lightbox. Written here rather than taken from a library: it is a
// pointer handler and a transform (see docs/gallery.md).

/** Where hover zoom runs: a mouse-like pointer, on a large screen (SPEC §9.7, 850px). */
export const HOVER_ZOOM_MEDIA = '(hover: hover) and (pointer: fine) and (min-width: 850px)';
/** SPEC §8.1: shown when the large image fails, for 2500 ms. */
export const ZOOM_ERROR_TEXT = 'The image could not be loaded';
export const ZOOM_ERROR_MS = 2500;
/** The zoomed image is drawn at least this many times the shown image's width. */
const MIN_MAGNIFICATION = 2;

/** The offset that puts the point at `fraction` (0–1) of the box under the pointer. */
export function zoomOffset(fraction: number, box: number, zoomed: number): number {
  const clamped = Math.min(1, Math.max(0, fraction));
  return -clamped * Math.max(0, zoomed - box);
}

/**
 * Adds hover zoom to `frame` (the main image's wrapper, positioned), showing the full-size
 * image `largeUrl()` names at the moment the pointer comes in. Returns a function that removes it.
 */
export function attachHoverZoom(frame: HTMLElement, largeUrl: () => string): () => void {
  const doc = frame.ownerDocument;
  const win = doc.defaultView;
  if (win === null || typeof win.matchMedia !== 'function') {
    return () => undefined;
  }
  const media = win.matchMedia(HOVER_ZOOM_MEDIA);
  const zoom = doc.createElement('img');
  zoom.className = 'gallery-zoom';
  zoom.alt = '';
  zoom.setAttribute('aria-hidden', 'true');
  zoom.hidden = true;
  const error = doc.createElement('p');
  error.className = 'gallery-zoom__error';
  error.setAttribute('role', 'status');
  frame.append(zoom, error);

  let loadedUrl = '';
  let failedUrl = '';
  let inside = false;
  let last: { x: number; y: number } | null = null;
  let errorTimer: number | undefined;

  const place = (): void => {
    if (last === null || zoom.hidden) {
      return;
    }
    const rect = frame.getBoundingClientRect();
    const width = Math.max(zoom.naturalWidth, rect.width * MIN_MAGNIFICATION);
    const height = zoom.naturalWidth > 0 ? (width * zoom.naturalHeight) / zoom.naturalWidth : width;
    const x = zoomOffset((last.x - rect.left) / rect.width, rect.width, width);
    const y = zoomOffset((last.y - rect.top) / rect.height, rect.height, height);
    // CSSOM writes, which the style-src CSP allows (unlike style attributes in markup).
    zoom.style.width = `${String(width)}px`;
    zoom.style.height = `${String(height)}px`;
    zoom.style.transform = `translate(${String(x)}px, ${String(y)}px)`;
  };

  const showError = (): void => {
    error.textContent = ZOOM_ERROR_TEXT;
    win.clearTimeout(errorTimer);
    errorTimer = win.setTimeout(() => {
      error.textContent = '';
    }, ZOOM_ERROR_MS);
  };

  const onLoad = (): void => {
    loadedUrl = zoom.getAttribute('src') ?? '';
    zoom.hidden = !inside;
    place();
  };
  const onError = (): void => {
    failedUrl = zoom.getAttribute('src') ?? '';
    zoom.hidden = true;
    if (inside) {
      showError();
    }
  };

  const onEnter = (event: PointerEvent): void => {
    if (event.pointerType !== 'mouse' || !media.matches) {
      return;
    }
    inside = true;
    last = { x: event.clientX, y: event.clientY };
    const url = largeUrl();
    if (url === '') {
      return;
    }
    if (url === failedUrl) {
      showError();
    } else if (url === loadedUrl && zoom.complete) {
      zoom.hidden = false;
      place();
    } else if (zoom.getAttribute('src') !== url) {
      zoom.hidden = true;
      zoom.src = url;
    }
  };
  const onMove = (event: PointerEvent): void => {
    if (!inside) {
      return;
    }
    last = { x: event.clientX, y: event.clientY };
    place();
  };
  const onLeave = (): void => {
    inside = false;
    zoom.hidden = true;
  };

  zoom.addEventListener('load', onLoad);
  zoom.addEventListener('error', onError);
  frame.addEventListener('pointerenter', onEnter);
  frame.addEventListener('pointermove', onMove);
  frame.addEventListener('pointerleave', onLeave);
  return () => {
    frame.removeEventListener('pointerenter', onEnter);
    frame.removeEventListener('pointermove', onMove);
    frame.removeEventListener('pointerleave', onLeave);
    win.clearTimeout(errorTimer);
    zoom.remove();
    error.remove();
  };
}

// The quick-view popup (SPEC §2.2, §7.2 item 4): a native modal <dialog> showing the
// `mercato_quickview` fragment, the top of the product page. Loaded on the first click of a
// card's quick-view button (behaviours/quick-view.ts), so pages pay for it only when used.
//
// The fragment goes in through DOMPurify; the scheduler (src/scheduler) watches the page, so its
// quantity stepper (and any other behaviour the fragment names) attaches by itself. Its
// add-to-cart form is a `form.cart`, which behaviours/add-to-cart.ts already sends without a
// reload; once an add from the popup succeeds the popup closes, so the mini cart's reveal
// and the header's count are seen, as after a card's add. Closing (button, Escape, a click
// on the backdrop) gives the focus back to the button that opened it.

import { sanitizeFragment } from '../core/sanitize';
import '../styles/quick-view.css';
import { storefrontSettings } from '../core/settings';

/** The theme action (SPEC §7.2: `{theme}_quickview`). */
export const QUICK_VIEW_ACTION = 'mercato_quickview';

/** Shown when the request fails without a message of the server's. */
export const LOAD_FAILED_TEXT = 'The product could not be shown here.';

export type QuickViewReply =
  | { readonly ok: true; readonly fragment: DocumentFragment }
  | { readonly ok: false; readonly message: string };

export interface QuickViewOptions {
  /** The theme AJAX endpoint. */
  readonly ajaxUrl: string;
  readonly fetch: (url: string, init: RequestInit) => Promise<Response>;
}

/** The message of a `wp_send_json_error` reply, if the body is one. */
function errorMessage(body: string): string | null {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === 'object' && parsed !== null && 'data' in parsed) {
      const data: unknown = parsed.data;
      if (typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string') {
        return data.message;
      }
    }
  } catch {
    // Not JSON: the generic message.
  }
  return null;
}

/** Asks the server for a product's quick view; never rejects except when aborted. */
export async function requestQuickView(
  productId: string,
  options: QuickViewOptions,
  signal?: AbortSignal,
  choice: Iterable<readonly [string, string]> = [],
): Promise<QuickViewReply> {
  const body = new URLSearchParams({ action: QUICK_VIEW_ACTION, product: productId });
  for (const [field, value] of choice) {
    body.append(field, value);
  }
  let response: Response;
  let text: string;
  try {
    response = await options.fetch(options.ajaxUrl, {
      method: 'POST',
      body,
      credentials: 'same-origin',
      headers: { Accept: 'text/html' },
      ...(signal === undefined ? {} : { signal }),
    });
    text = await response.text();
  } catch (error) {
    if (signal?.aborted === true) {
      throw error;
    }
    return { ok: false, message: LOAD_FAILED_TEXT };
  }
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !type.startsWith('text/html')) {
    return { ok: false, message: errorMessage(text) ?? LOAD_FAILED_TEXT };
  }
  const fragment = sanitizeFragment(text);
  if (fragment.querySelector('.product') === null) {
    return { ok: false, message: LOAD_FAILED_TEXT };
  }
  return { ok: true, fragment };
}

/**
 * The variation choice the button's product URL carries (`?attribute_pa_color=navy`, put
 * there by a card's swatches), for the popup to open with it chosen.
 */
export function choiceOf(productUrl: string): [string, string][] {
  let params: URLSearchParams;
  try {
    params = new URL(productUrl, 'http://card.invalid').searchParams;
  } catch {
    return [];
  }
  return [...params].filter(([field]) => field.startsWith('attribute_'));
}

/** The product's name: the quoted part of `Quick view: “Name”`, or the card's title. */
export function productNameOf(button: Element): string {
  const quoted = /“(.+)”/.exec(button.getAttribute('aria-label') ?? '');
  if (quoted?.[1] !== undefined) {
    return quoted[1];
  }
  const title = button.closest('.product')?.querySelector('.woocommerce-loop-product__title');
  return title?.textContent.trim() ?? '';
}

interface Popup {
  readonly dialog: HTMLDialogElement;
  readonly content: HTMLElement;
  /** The button that opened it, for the focus to return to. */
  opener: HTMLElement | null;
  /** The request in flight, aborted when the popup closes or shows another product. */
  loading: AbortController | null;
  /** A form in the popup was submitted: the next added-to-cart event is its add. */
  adding: boolean;
}

const popups = new WeakMap<Document, Popup>();

function createPopup(doc: Document): Popup {
  const dialog = doc.createElement('dialog');
  dialog.className = 'quick-view-dialog';
  const close = doc.createElement('button');
  close.type = 'button';
  close.className = 'quick-view-dialog__close';
  close.textContent = 'Close';
  const content = doc.createElement('div');
  content.className = 'quick-view-dialog__content';
  dialog.append(close, content);
  doc.body.append(dialog);

  const popup: Popup = { dialog, content, opener: null, loading: null, adding: false };
  close.addEventListener('click', () => {
    dialog.close();
  });
  // A click on the backdrop lands on the dialog itself, outside its content.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) {
      dialog.close();
    }
  });
  dialog.addEventListener('submit', () => {
    popup.adding = true;
  });
  dialog.addEventListener('close', () => {
    popup.loading?.abort();
    popup.loading = null;
    popup.adding = false;
    const opener = popup.opener;
    popup.opener = null;
    if (opener?.isConnected === true) {
      opener.focus();
    }
  });
  // behaviours/add-to-cart.ts sends the popup's form; the cart core announces success.
  doc.body.addEventListener('wc-blocks_added_to_cart', () => {
    if (popup.adding && dialog.open) {
      dialog.close();
    }
  });
  return popup;
}

function showLoading(popup: Popup, name: string): void {
  const doc = popup.dialog.ownerDocument;
  const status = doc.createElement('p');
  status.className = 'quick-view-dialog__loading';
  status.setAttribute('role', 'status');
  status.textContent = name === '' ? 'Loading…' : `Loading “${name}”…`;
  popup.content.replaceChildren(status);
  popup.content.setAttribute('aria-busy', 'true');
}

function showError(popup: Popup, message: string, name: string, url: string): void {
  const doc = popup.dialog.ownerDocument;
  const alert = doc.createElement('p');
  alert.className = 'quick-view-dialog__error';
  alert.setAttribute('role', 'alert');
  alert.textContent = message;
  const nodes: Node[] = [alert];
  if (url !== '') {
    const paragraph = doc.createElement('p');
    const link = doc.createElement('a');
    link.href = url;
    link.textContent = name === '' ? 'Open the product page' : `Open the page of “${name}”`;
    paragraph.append(link);
    nodes.push(paragraph);
  }
  popup.content.replaceChildren(...nodes);
  popup.content.removeAttribute('aria-busy');
}

function showProduct(popup: Popup, fragment: DocumentFragment): void {
  popup.content.replaceChildren(fragment);
  popup.content.removeAttribute('aria-busy');
  const title = popup.content.querySelector('.product_title[id]');
  if (title !== null) {
    popup.dialog.removeAttribute('aria-label');
    popup.dialog.setAttribute('aria-labelledby', title.id);
  }
}

/** Opens the popup for the product of a card's quick-view button (`data-prod`). */
export async function openQuickView(button: HTMLElement, options?: Partial<QuickViewOptions>): Promise<void> {
  const doc = button.ownerDocument;
  const settings = storefrontSettings(doc);
  const resolved: QuickViewOptions = {
    ajaxUrl: options?.ajaxUrl ?? settings.themeAjaxUrl,
    fetch: options?.fetch ?? ((url, init) => window.fetch(url, init)),
  };
  let popup = popups.get(doc);
  // Made once per page; again if something took it out of the page.
  if (popup?.dialog.isConnected !== true) {
    popup = createPopup(doc);
    popups.set(doc, popup);
  }
  const name = productNameOf(button);
  const url = button.dataset.productUrl ?? '';
  popup.loading?.abort();
  const loading = new AbortController();
  popup.loading = loading;
  popup.opener = button;
  popup.adding = false;
  popup.dialog.removeAttribute('aria-labelledby');
  popup.dialog.setAttribute('aria-label', name === '' ? 'Quick view' : name);
  showLoading(popup, name);
  if (!popup.dialog.open) {
    popup.dialog.showModal();
  }
  let reply: QuickViewReply;
  try {
    reply = await requestQuickView(button.dataset.prod ?? '', resolved, loading.signal, choiceOf(url));
  } catch {
    // Aborted: the popup was closed or shows another product now.
    return;
  }
  if (popup.loading !== loading) {
    return;
  }
  popup.loading = null;
  if (reply.ok) {
    showProduct(popup, reply.fragment);
  } else {
    showError(popup, reply.message, name, url);
  }
}

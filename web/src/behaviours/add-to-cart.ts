// Add to cart without leaving the page (SPEC §2.2, §4.1, §5.2, §7.1): catalogue buttons
// marked `ajax_add_to_cart` with a `data-product_id`, and the add-to-cart form of a product
// page. Both go through the store AJAX client, whose reply carries the fragments that update
// the header cart everywhere on the page. Without JavaScript the same buttons are links and
// forms, and without a product id the link is followed.
//
// On the block cart and checkout pages the Store API store is the only writer of the cart
// (`deps.store`): adds (a cross-sell's button, a quick view's form) go through it, so the
// cart block shows them at once, and no fragment replaces the page's HTML.

import {
  shopperMessage,
  toCartError,
  type AjaxCartReply,
  type AjaxClient,
  type CartRuntime,
  type CartStore,
  type NoticeStore,
} from '../core';
import { announce } from '../lib/announce';
import { requestMiniCartReveal } from '../islands/mini-cart/requests';
import type { StorefrontSettings } from '../core/settings';

export interface AddToCartDeps {
  readonly ajax: AjaxClient;
  /** Where a failed add is reported (a snackbar). */
  readonly notices?: NoticeStore;
  readonly settings: StorefrontSettings;
  /**
   * The Store API store, on the block cart and checkout pages only: adds go through it instead
   * of the store AJAX endpoint, whose fragments must not replace those pages' HTML.
   */
  readonly store?: CartStore | null;
  /** Goes to another page (the cart, a product page). */
  readonly navigate?: (url: string) => void;
}

/**
 * What the page's adds use: the store AJAX client, or on the block cart and checkout pages
 * (`settings.blockPage`) the Store API store, the only writer of the cart there.
 */
export function addToCartDeps(runtime: CartRuntime, settings: StorefrontSettings): AddToCartDeps {
  return {
    ajax: runtime.ajax,
    notices: runtime.notices,
    settings,
    store: runtime.settings.blockPage === null ? null : runtime.cart,
  };
}

/** A catalogue button's `data-*` attributes, as WooCommerce posts them. */
function buttonData(button: HTMLElement): Record<string, string> {
  const data: Record<string, string> = {};
  for (const [key, value] of Object.entries(button.dataset)) {
    if (value !== undefined) {
      data[key] = value;
    }
  }
  return data;
}

/** The product's name: the quoted part of `Add to cart: “Name”`, or the card's title. */
function productName(button: Element): string {
  const label = button.getAttribute('aria-label') ?? '';
  const quoted = /“(.+)”/.exec(label);
  if (quoted?.[1] !== undefined) {
    return quoted[1];
  }
  const card = button.closest('.product, .product-card, .type-product');
  const title = card?.querySelector('.woocommerce-loop-product__title, .product_title');
  return title?.textContent.trim() ?? '';
}

function addedMessage(name: string): string {
  return name === '' ? 'The product has been added to your cart.' : `“${name}” has been added to your cart.`;
}

/** Starts listening on `doc`; returns the function that stops. */
export function startAddToCart(doc: Document, deps: AddToCartDeps): () => void {
  const { ajax, settings } = deps;
  const navigate =
    deps.navigate ??
    ((url: string) => {
      window.location.assign(url);
    });

  /** What every successful add does after the fragments are in. */
  const afterAdd = (name: string): void => {
    announce(addedMessage(name), doc);
    if (settings.redirectAfterAdd) {
      navigate(settings.cartUrl);
    } else if (settings.revealMiniCart) {
      requestMiniCartReveal(doc);
    }
  };

  const placeViewCartLink = (button: HTMLElement): void => {
    if (settings.isCart || button.parentElement?.querySelector(".added_to_cart") !== null) {
      return;
    }
    const link = doc.createElement('a');
    link.href = settings.cartUrl;
    link.className = 'added_to_cart wc-forward';
    link.textContent = settings.viewCartText;
    button.after(link);
  };

  const reportFailure = (error: unknown): void => {
    deps.notices?.createNotice('error', shopperMessage(toCartError(error)), {
      id: 'add-to-cart-failed',
      type: 'snackbar',
    });
  };

  /** A catalogue button's add through the Store API store (block pages). */
  const addFromButtonToStore = async (button: HTMLElement, store: CartStore): Promise<void> => {
    const id = Number(button.dataset.product_id);
    const quantity = Number(button.dataset.quantity ?? '1');
    button.classList.remove('added');
    button.classList.add('loading');
    try {
      await store.addItem({ id, quantity: Number.isFinite(quantity) && quantity > 0 ? quantity : 1 }, button);
    } catch (error) {
      button.classList.remove('loading');
      reportFailure(error);
      return;
    }
    button.classList.remove('loading');
    button.classList.add('added');
    placeViewCartLink(button);
    afterAdd(productName(button));
  };

  const addFromButton = async (button: HTMLElement): Promise<void> => {
    if (deps.store) {
      return addFromButtonToStore(button, deps.store);
    }
    button.classList.remove('added');
    button.classList.add('loading');
    let reply: AjaxCartReply;
    try {
      reply = await ajax.addToCart(buttonData(button), button);
    } catch {
      button.classList.remove('loading');
      reportFailure(new Error('The product could not be added to your cart. Please try again.'));
      return;
    }
    button.classList.remove('loading');
    if (reply.error === true) {
      if (reply.product_url !== undefined) {
        navigate(reply.product_url);
      }
      return;
    }
    button.classList.add('added');
    placeViewCartLink(button);
    afterAdd(productName(button));
  };

  const onClick = (event: MouseEvent): void => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    const target = event.target instanceof Element ? event.target : null;
    const button = target?.closest('.ajax_add_to_cart');
    if (!(button instanceof HTMLElement) || (button.dataset.product_id ?? '') === '') {
      return;
    }
    event.preventDefault();
    if (button.classList.contains('loading')) {
      return;
    }
    void addFromButton(button);
  };

  // Forms submitted the classic way on purpose (after the server refused an AJAX add, so it
  // can say why on the product page).
  const classic = new WeakSet<HTMLFormElement>();

  /**
   * A form's add through the Store API store (block pages): the product (or its variation),
   * the quantity and the chosen attributes. A form with other fields (add-ons) is sent the
   * classic way, and the server renders the page with the cart it then holds.
   */
  const addFromFormToStore = async (
    form: HTMLFormElement,
    submitter: HTMLElement,
    data: Readonly<Record<string, string>>,
    store: CartStore,
  ): Promise<void> => {
    const known = /^(product_id|variation_id|quantity|attribute_.+)$/;
    const id = Number(data.variation_id !== undefined && data.variation_id !== '0' && data.variation_id !== '' ? data.variation_id : data.product_id);
    const quantity = Number(data.quantity ?? '1');
    if (Object.keys(data).some((key) => !known.test(key)) || !Number.isInteger(id) || id <= 0) {
      classic.add(form);
      form.requestSubmit(submitter);
      return;
    }
    const variation = Object.entries(data)
      .filter(([key]) => key.startsWith('attribute_'))
      .map(([attribute, value]) => ({ attribute, value }));
    submitter.classList.add('loading');
    form.setAttribute('aria-busy', 'true');
    try {
      await store.addItem(
        { id, quantity: Number.isFinite(quantity) && quantity > 0 ? quantity : 1, ...(variation.length > 0 && { variation }) },
        submitter,
      );
    } catch (error) {
      reportFailure(error);
      return;
    } finally {
      submitter.classList.remove('loading');
      form.removeAttribute('aria-busy');
    }
    submitter.classList.add('added');
    const title = (form.closest('.product') ?? doc).querySelector('.product_title')?.textContent.trim() ?? '';
    afterAdd(title);
  };

  const addFromForm = async (form: HTMLFormElement, submitter: HTMLElement): Promise<void> => {
    const fields = new FormData(form, submitter);
    const data: Record<string, string> = {};
    for (const [key, value] of fields) {
      if (typeof value === 'string') {
        data[key] = value;
      }
    }
    data.product_id = data['add-to-cart'] ?? data.product_id ?? '';
    delete data['add-to-cart'];
    if (deps.store) {
      return addFromFormToStore(form, submitter, data, deps.store);
    }
    submitter.classList.add('loading');
    form.setAttribute('aria-busy', 'true');
    let reply: AjaxCartReply | null = null;
    try {
      reply = await ajax.addToCart(data, submitter);
    } catch {
      reply = null;
    } finally {
      submitter.classList.remove('loading');
      form.removeAttribute('aria-busy');
    }
    if (reply === null || reply.error === true) {
      // The server explains on the page it renders (a choice missing, not enough stock).
      classic.add(form);
      form.requestSubmit(submitter);
      return;
    }
    submitter.classList.add('added');
    // The form's own product: a quick view's form may sit on another product's page.
    const title = (form.closest('.product') ?? doc).querySelector('.product_title')?.textContent.trim() ?? '';
    afterAdd(title);
  };

  const onSubmit = (event: SubmitEvent): void => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || event.defaultPrevented || !form.matches('form.cart:not(.grouped_form)')) {
      return;
    }
    if (classic.has(form)) {
      classic.delete(form);
      return;
    }
    const submitter = event.submitter;
    if (!(submitter instanceof HTMLElement) || submitter.getAttribute('name') !== 'add-to-cart') {
      return;
    }
    event.preventDefault();
    if (submitter.classList.contains('loading')) {
      return;
    }
    void addFromForm(form, submitter);
  };

  // SPEC §4.1: loading is cleared when the page is shown again (back/forward cache).
  const onPageShow = (): void => {
    for (const el of doc.querySelectorAll('.ajax_add_to_cart.loading, form.cart .loading')) {
      el.classList.remove('loading');
    }
  };

  doc.addEventListener('click', onClick);
  doc.addEventListener('submit', onSubmit);
  doc.defaultView?.addEventListener('pageshow', onPageShow);
  return () => {
    doc.removeEventListener('click', onClick);
    doc.removeEventListener('submit', onSubmit);
    doc.defaultView?.removeEventListener('pageshow', onPageShow);
  };
}

import { getByRole, queryByRole } from '@testing-library/dom';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOAD_FAILED_TEXT, QUICK_VIEW_ACTION, choiceOf, openQuickView, productNameOf, requestQuickView } from './dialog';

const FRAGMENT = `
<div id="quick-view-product-55" class="product type-product" data-product-id="55">
  <div class="woocommerce-product-gallery" data-product-gallery><img src="/media/h.svg" alt="Hoodie" data-large_image="/media/h.svg" onerror="window.hacked = true"></div>
  <h2 class="product_title entry-title" id="quick-view-title-55">Classic Zip Hoodie</h2>
  <script>window.hacked = true</script>
  <form class="variations_form cart" action="/product/classic-zip-hoodie/" method="post" data-product_id="55" data-product_variations='[{"variation_id":56}]'>
    <label for="quick-view-55-pa_color">Color</label>
    <select id="quick-view-55-pa_color" name="attribute_pa_color" data-attribute_name="attribute_pa_color"><option value="navy">Navy</option></select>
    <button type="submit" formmethod="get" formaction="/product/classic-zip-hoodie/" data-variation-check>Check availability</button>
    <div class="quantity" data-behaviour="quantity-stepper"><input type="number" name="quantity" value="1"></div>
    <button type="submit" name="add-to-cart" value="55">Add to cart</button>
    <a href="javascript:alert(1)">bad link</a>
  </form>
  <a href="/product/classic-zip-hoodie/">View full details</a>
</div>`;

type FetchArgs = [string, RequestInit];

/** The form body a request was sent with. */
function formBody(init: RequestInit | undefined): string {
  return init?.body instanceof URLSearchParams ? init.body.toString() : '';
}

function html(body: string, status = 200): Response {
  return new Response(body, { status, headers: { 'content-type': 'text/html; charset=utf-8' } });
}

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A fetch whose replies the test releases one by one, recording what was asked. */
function controlledFetch() {
  const calls: FetchArgs[] = [];
  const pending: ((response: Response) => void)[] = [];
  const fetch = vi.fn((url: string, init: RequestInit) => {
    calls.push([url, init]);
    return new Promise<Response>((resolve, reject) => {
      pending.push(resolve);
      init.signal?.addEventListener('abort', () => {
        reject(new DOMException('aborted', 'AbortError'));
      });
    });
  });
  return { fetch, calls, reply: (index: number, response: Response) => pending[index]?.(response) };
}

function cards(): HTMLButtonElement[] {
  document.body.innerHTML = `
    <ul class="products">
      <li class="product"><h2 class="woocommerce-loop-product__title">Classic Zip Hoodie</h2>
        <button type="button" class="quick-view" data-prod="55" data-product-url="/product/classic-zip-hoodie/" aria-label="Quick view: “Classic Zip Hoodie”">Quick view</button></li>
      <li class="product"><h2 class="woocommerce-loop-product__title">Dad Cap</h2>
        <button type="button" class="quick-view" data-prod="60" data-product-url="/product/dad-cap/" aria-label="Quick view: “Dad Cap”">Quick view</button></li>
    </ul>`;
  return [...document.querySelectorAll<HTMLButtonElement>('button.quick-view')];
}

// jsdom has no modal dialogs: open and close as the browser does, minus the top layer.
beforeEach(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (this.open) {
      this.removeAttribute('open');
      this.dispatchEvent(new Event('close'));
    }
  };
});

afterEach(() => {
  document.body.replaceChildren();
});

describe('requestQuickView', () => {
  it('posts the theme action and the product id, and keeps what the behaviours need', async () => {
    const fetch = vi.fn<(url: string, init: RequestInit) => Promise<Response>>(() => Promise.resolve(html(FRAGMENT)));
    const reply = await requestQuickView('55', { ajaxUrl: '/wp-admin/admin-ajax.php', fetch });

    const [url, init] = fetch.mock.calls[0] ?? ['', {}];
    expect(url).toBe('/wp-admin/admin-ajax.php');
    expect(init.method).toBe('POST');
    expect(formBody(init)).toBe(`action=${QUICK_VIEW_ACTION}&product=55`);
    if (!reply.ok) {
      throw new Error(reply.message);
    }
    const root = document.createElement('div');
    root.append(reply.fragment);
    expect(root.querySelector('script')).toBeNull();
    expect(root.querySelector('[onerror]')).toBeNull();
    expect(root.querySelector('a[href^="javascript"]')).toBeNull();
    const form = root.querySelector('form');
    expect(form?.getAttribute('action')).toBe('/product/classic-zip-hoodie/');
    expect(form?.dataset.product_variations).toBe('[{"variation_id":56}]');
    expect(root.querySelector('[data-behaviour="quantity-stepper"]')).not.toBeNull();
    expect(root.querySelector('select')?.dataset.attribute_name).toBe('attribute_pa_color');
    expect(root.querySelector('[data-variation-check]')?.getAttribute('formaction')).toBe('/product/classic-zip-hoodie/');
    expect(root.querySelector('img')?.dataset.large_image).toBe('/media/h.svg');
  });

  it("gives the server's message for a refusal, and a plain one for anything else", async () => {
    const refused = (response: Response) =>
      requestQuickView('9', { ajaxUrl: '/a', fetch: () => Promise.resolve(response) });
    expect(await refused(json({ success: false, data: { message: 'This product is not available.' } }, 404))).toEqual({
      ok: false,
      message: 'This product is not available.',
    });
    expect(await refused(html('<h1>Internal Server Error</h1>', 500))).toEqual({ ok: false, message: LOAD_FAILED_TEXT });
    expect(await refused(json({ anything: 1 }, 200)), 'not HTML').toEqual({ ok: false, message: LOAD_FAILED_TEXT });
    expect(await refused(html('<p>no product here</p>')), 'no product in it').toEqual({ ok: false, message: LOAD_FAILED_TEXT });
    const offline = await requestQuickView('9', { ajaxUrl: '/a', fetch: () => Promise.reject(new TypeError('offline')) });
    expect(offline).toEqual({ ok: false, message: LOAD_FAILED_TEXT });
  });
});

describe('the choice a card passes on', () => {
  it("reads only the attribute fields of the button's product URL, and posts them", async () => {
    expect(choiceOf('/product/hoodie/?attribute_pa_color=navy&utm_source=x')).toEqual([['attribute_pa_color', 'navy']]);
    expect(choiceOf('/product/hoodie/')).toEqual([]);
    const fetch = vi.fn<(url: string, init: RequestInit) => Promise<Response>>(() => Promise.resolve(html(FRAGMENT)));
    await requestQuickView('55', { ajaxUrl: '/a', fetch }, undefined, choiceOf('/product/hoodie/?attribute_pa_color=navy'));
    const [, init] = fetch.mock.calls[0] ?? ['', {}];
    expect(formBody(init)).toBe(`action=${QUICK_VIEW_ACTION}&product=55&attribute_pa_color=navy`);
  });
});

describe('productNameOf', () => {
  it('reads the quoted name of the button, else the card title', () => {
    const [hoodie] = cards();
    expect(productNameOf(hoodie as HTMLElement)).toBe('Classic Zip Hoodie');
    hoodie?.removeAttribute('aria-label');
    expect(productNameOf(hoodie as HTMLElement)).toBe('Classic Zip Hoodie');
  });
});

describe('openQuickView', () => {
  it('shows a named loading popup, then the product named by its title', async () => {
    const [hoodie] = cards() as [HTMLButtonElement];
    const server = controlledFetch();
    const opened = openQuickView(hoodie, { ajaxUrl: '/ajax', fetch: server.fetch });

    const dialog = getByRole(document.body, 'dialog', { name: 'Classic Zip Hoodie' });
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(getByRole(dialog, 'status').textContent).toBe('Loading “Classic Zip Hoodie”…');
    expect(getByRole(dialog, 'button', { name: 'Close' })).toBeTruthy();

    server.reply(0, html(FRAGMENT));
    await opened;
    expect(dialog.getAttribute('aria-labelledby')).toBe('quick-view-title-55');
    expect(dialog.hasAttribute('aria-label')).toBe(false);
    expect(getByRole(document.body, 'dialog', { name: 'Classic Zip Hoodie' })).toBe(dialog);
    expect(getByRole(dialog, 'heading', { name: 'Classic Zip Hoodie' }).id).toBe('quick-view-title-55');
    expect(queryByRole(dialog, 'status')).toBeNull();
    expect(getByRole(dialog, 'button', { name: 'Add to cart' })).toBeTruthy();
  });

  it('on failure says why and links to the product page', async () => {
    const [hoodie] = cards() as [HTMLButtonElement];
    const fetch = () => Promise.resolve(json({ success: false, data: { message: 'This product is not available.' } }, 404));
    await openQuickView(hoodie, { ajaxUrl: '/ajax', fetch });

    const dialog = getByRole(document.body, 'dialog', { name: 'Classic Zip Hoodie' });
    expect(getByRole(dialog, 'alert').textContent).toBe('This product is not available.');
    expect(getByRole(dialog, 'link', { name: 'Open the page of “Classic Zip Hoodie”' }).getAttribute('href')).toBe(
      '/product/classic-zip-hoodie/',
    );
  });

  it('closes with its Close button and gives the focus back to the card button', async () => {
    const [hoodie] = cards() as [HTMLButtonElement];
    hoodie.focus();
    await openQuickView(hoodie, { ajaxUrl: '/ajax', fetch: () => Promise.resolve(html(FRAGMENT)) });
    const dialog = getByRole(document.body, 'dialog', { name: 'Classic Zip Hoodie' });
    getByRole(dialog, 'button', { name: 'Add to cart' }).focus();

    await userEvent.click(getByRole(dialog, 'button', { name: 'Close' }));
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(document.activeElement).toBe(hoodie);
  });

  it('shows only the last product asked for when an earlier reply comes late', async () => {
    const [hoodie, cap] = cards() as [HTMLButtonElement, HTMLButtonElement];
    const server = controlledFetch();
    const first = openQuickView(hoodie, { ajaxUrl: '/ajax', fetch: server.fetch });
    const second = openQuickView(cap, { ajaxUrl: '/ajax', fetch: server.fetch });
    server.reply(1, html(FRAGMENT.replaceAll('Classic Zip Hoodie', 'Dad Cap').replaceAll('55', '60')));
    server.reply(0, html(FRAGMENT));
    await Promise.all([first, second]);

    const dialog = getByRole(document.body, 'dialog', { name: 'Dad Cap' });
    expect(getByRole(dialog, 'heading').textContent).toBe('Dad Cap');
    expect(formBody(server.calls[0]?.[1])).toContain('product=55');
    expect(server.calls[0]?.[1].signal?.aborted, 'the first request was abandoned').toBe(true);
  });

  it('closes after an add to cart from its own form, not after an add elsewhere', async () => {
    const [hoodie] = cards() as [HTMLButtonElement];
    await openQuickView(hoodie, { ajaxUrl: '/ajax', fetch: () => Promise.resolve(html(FRAGMENT)) });
    const dialog = getByRole(document.body, 'dialog', { name: 'Classic Zip Hoodie' });

    // Another tab or script added something: the popup stays.
    document.body.dispatchEvent(new CustomEvent('wc-blocks_added_to_cart', { bubbles: true }));
    expect(dialog.hasAttribute('open')).toBe(true);

    // The shopper adds from the popup (behaviours/add-to-cart.ts sends it; here the submit is stopped).
    document.addEventListener('submit', (event) => {
      event.preventDefault();
    });
    await userEvent.click(getByRole(dialog, 'button', { name: 'Add to cart' }));
    document.body.dispatchEvent(new CustomEvent('wc-blocks_added_to_cart', { bubbles: true }));
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(document.activeElement).toBe(hoodie);
  });
});

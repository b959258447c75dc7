import { getByRole, queryAllByRole } from '@testing-library/dom';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AjaxCartReply, AjaxClient } from '../core';
import { parseStorefrontSettings } from '../core/settings';
import { startAddToCart } from './add-to-cart';

/** A store AJAX client whose add_to_cart answers `reply`, recording what it was sent. */
function fakeAjax(reply: AjaxCartReply | Error) {
  const sent: Record<string, string>[] = [];
  const ajax = {
    addToCart: vi.fn((data: Readonly<Record<string, string>>) => {
      sent.push({ ...data });
      return reply instanceof Error ? Promise.reject(reply) : Promise.resolve(reply);
    }),
  } as unknown as AjaxClient;
  return { ajax, sent };
}

const settings = (overrides: Record<string, unknown> = {}) =>
  parseStorefrontSettings({
    wc_add_to_cart_params: { cart_url: '/cart/', is_cart: false, cart_redirect_after_add: 'no', i18n_view_cart: 'View cart', ...overrides },
    theme: { is_mini_cart_reveal: false },
  });

function card(): HTMLElement {
  document.body.innerHTML = `
    <ul><li class="product"><div class="product-card__actions">
      <a href="?add-to-cart=134" data-quantity="1" class="button add_to_cart_button ajax_add_to_cart"
         data-product_id="134" data-product_sku="MG-ENM" aria-label="Add to cart: “Enamel Camp Mug”">Add to cart</a>
    </div></li></ul>`;
  return getByRole(document.body, 'link', { name: 'Add to cart: “Enamel Camp Mug”' });
}

beforeEach(() => {
  document.body.replaceChildren();
});

describe('add to cart from a catalogue card', () => {
  it('posts the button data, marks it added, places one View cart link and announces the add', async () => {
    const { ajax, sent } = fakeAjax({ fragments: {}, cart_hash: 'h1' });
    const stop = startAddToCart(document, { ajax, settings: settings() });
    const button = card();

    await userEvent.click(button);
    await vi.waitFor(() => {
      expect(button.classList.contains('added')).toBe(true);
    });
    await userEvent.click(button);
    await vi.waitFor(() => {
      expect(sent).toHaveLength(2);
    });

    expect(sent[0]).toEqual({ quantity: '1', product_id: '134', product_sku: 'MG-ENM' });
    expect(button.classList.contains('loading')).toBe(false);
    expect(queryAllByRole(document.body, 'link', { name: 'View cart' })).toHaveLength(1);
    expect(getByRole(document.body, 'status').textContent).toContain('“Enamel Camp Mug” has been added to your cart.');
    stop();
  });

  it('goes to the product page when the shop refuses the add with a product_url', async () => {
    const { ajax } = fakeAjax({ error: true, product_url: '/product/enamel-camp-mug/' });
    const navigate = vi.fn();
    const stop = startAddToCart(document, { ajax, settings: settings(), navigate });

    await userEvent.click(card());

    await vi.waitFor(() => {
      expect(navigate).toHaveBeenCalledWith('/product/enamel-camp-mug/');
    });
    expect(queryAllByRole(document.body, 'link', { name: 'View cart' })).toHaveLength(0);
    stop();
  });

  it('goes to the cart after an add when the shop says so, and places no link on the cart page', async () => {
    const { ajax } = fakeAjax({ fragments: {}, cart_hash: 'h1' });
    const navigate = vi.fn();
    const stop = startAddToCart(document, {
      ajax,
      settings: settings({ cart_redirect_after_add: 'yes', is_cart: true }),
      navigate,
    });

    await userEvent.click(card());

    await vi.waitFor(() => {
      expect(navigate).toHaveBeenCalledWith('/cart/');
    });
    expect(queryAllByRole(document.body, 'link', { name: 'View cart' })).toHaveLength(0);
    stop();
  });

  it('follows the link of a button without a product id', () => {
    const { ajax, sent } = fakeAjax({ fragments: {}, cart_hash: 'h1' });
    const stop = startAddToCart(document, { ajax, settings: settings() });
    const button = card();
    delete button.dataset.product_id;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });

    button.dispatchEvent(click);

    expect(click.defaultPrevented).toBe(false);
    expect(sent).toEqual([]);
    stop();
  });
});

describe('add to cart from a product page', () => {
  function productForm(): HTMLFormElement {
    document.body.innerHTML = `
      <h1 class="product_title">Classic Zip Hoodie</h1>
      <form class="variations_form cart" action="/product/classic-zip-hoodie/" method="post">
        <select name="attribute_pa_color" aria-label="Color"><option value="black" selected>Black</option></select>
        <input type="number" name="quantity" value="2" aria-label="Quantity">
        <button type="submit" name="add-to-cart" value="135">Add to cart</button>
        <input type="hidden" name="product_id" value="135">
        <input type="hidden" name="variation_id" value="">
      </form>`;
    const form = document.querySelector('form');
    if (form === null) {
      throw new Error('bad fixture');
    }
    return form;
  }

  it('sends the form fields without leaving the page', async () => {
    const { ajax, sent } = fakeAjax({ fragments: {}, cart_hash: 'h2' });
    const stop = startAddToCart(document, { ajax, settings: settings() });
    const form = productForm();
    // Listening after the behaviour (on the window, last in the bubbling order).
    const submits: boolean[] = [];
    const seen = (event: Event) => submits.push(event.defaultPrevented);
    window.addEventListener('submit', seen);

    await userEvent.click(getByRole(form, 'button', { name: 'Add to cart' }));

    await vi.waitFor(() => {
      expect(sent).toEqual([
        { attribute_pa_color: 'black', quantity: '2', product_id: '135', variation_id: '' },
      ]);
    });
    await vi.waitFor(() => {
      expect(getByRole(document.body, 'status').textContent).toContain('“Classic Zip Hoodie” has been added to your cart.');
    });
    expect(submits, 'the page was not submitted').toEqual([true]);
    window.removeEventListener('submit', seen);
    stop();
  });

  it('submits the form the classic way when the shop refuses, so the page can say why', async () => {
    const { ajax } = fakeAjax({ error: true, product_url: '/product/classic-zip-hoodie/' });
    const stop = startAddToCart(document, { ajax, settings: settings() });
    const form = productForm();
    // Whether each submit reached the window still to be carried out by the browser.
    const submits: boolean[] = [];
    const seen = (event: Event) => {
      submits.push(event.defaultPrevented);
      // jsdom cannot navigate; the browser would post the form here.
      event.preventDefault();
    };
    window.addEventListener('submit', seen);

    await userEvent.click(getByRole(form, 'button', { name: 'Add to cart' }));

    await vi.waitFor(() => {
      expect(submits).toEqual([true, false]);
    });
    window.removeEventListener('submit', seen);
    stop();
  });
});

import { getByRole } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cardSwatches, urlWithChoice } from './card-swatches';
import { behaviours } from './registry';
import { createBehaviourRunner } from './runner';

afterEach(() => {
  document.body.replaceChildren();
});

/** A card as partials/product_card.html draws it, with a Color group (Burgundy sold out). */
const CARD = `
  <ul class="products"><li class="product" data-product-id="12"><div class="product-card">
    <a href="/product/hoodie/" class="woocommerce-LoopProduct-link">
      <div class="product-card__image"><img src="/media/navy-300.svg" srcset="/media/navy-300.svg 300w, /media/navy.svg 800w" sizes="25vw" alt="Hoodie" width="800" height="800"></div>
      <h2 class="woocommerce-loop-product__title">Hoodie</h2>
    </a>
    <div class="card-swatches" data-behaviour="card-swatches"><div class="card-swatches__row">
      <div class="card-swatches__group" role="group" aria-label="Color" data-card-swatch-group data-attribute_name="attribute_pa_color">
        <span id="card-12-pa_color-oos" class="visually-hidden">Out of stock</span>
        <a class="card-swatch" href="/product/hoodie/?attribute_pa_color=navy" data-value="navy" data-image-src="/media/navy-300.svg" data-image-srcset="/media/navy-300.svg 300w" data-image-alt="Hoodie"><span>Navy</span></a>
        <a class="card-swatch" href="/product/hoodie/?attribute_pa_color=black" data-value="black" data-image-src="/media/black-300.svg" data-image-srcset="/media/black-300.svg 300w, /media/black.svg 800w" data-image-alt="Hoodie in black"><span>Black</span></a>
        <a class="card-swatch card-swatch--out-of-stock" href="/product/hoodie/?attribute_pa_color=burgundy" data-value="burgundy" data-out-of-stock aria-describedby="card-12-pa_color-oos"><span>Burgundy</span></a>
      </div>
      <a class="card-swatches__more" href="/product/hoodie/">+2</a>
    </div></div>
    <div class="product-card__actions">
      <a href="/product/hoodie/" class="button product_type_variable add_to_cart_button">Select options</a>
      <button type="button" class="button quick-view" data-prod="12" data-product-url="/product/hoodie/">Quick view</button>
    </div>
  </div></li></ul>`;

function card(): { li: HTMLElement; undo: (() => void) | undefined } {
  document.body.innerHTML = CARD;
  const li = document.querySelector<HTMLElement>('li.product');
  const el = document.querySelector<HTMLElement>('[data-behaviour="card-swatches"]');
  if (li === null || el === null) {
    throw new Error('no card');
  }
  return { li, undo: cardSwatches.attach(el) ?? undefined };
}

function image(li: HTMLElement): HTMLImageElement {
  const img = li.querySelector('img');
  if (img === null) {
    throw new Error('no image');
  }
  return img;
}

describe('card swatches', () => {
  it('turns the links into a radio group, the sold-out colour disabled and described', () => {
    const { li } = card();
    const group = getByRole(li, 'radiogroup', { name: 'Color' });
    const navy = getByRole(group, 'radio', { name: 'Navy' });
    expect(navy).toHaveProperty('tabIndex', 0);
    expect(navy.getAttribute('aria-checked')).toBe('false');
    const burgundy = getByRole(group, 'radio', { name: 'Burgundy' });
    expect(burgundy.getAttribute('aria-disabled')).toBe('true');
    expect(burgundy.getAttribute('aria-describedby')).toBe('card-12-pa_color-oos');
    expect(getByRole(li, 'link', { name: '+2' }).getAttribute('href')).toBe('/product/hoodie/');
  });

  it('swaps the image and carries the choice, keeping the size; a second click restores', async () => {
    const user = userEvent.setup();
    const { li } = card();
    const img = image(li);
    const black = getByRole(li, 'radio', { name: 'Black' });
    await user.click(black);

    expect(black.getAttribute('aria-checked')).toBe('true');
    expect(img.getAttribute('src')).toBe('/media/black-300.svg');
    expect(img.getAttribute('srcset')).toBe('/media/black-300.svg 300w, /media/black.svg 800w');
    expect(img.alt).toBe('Hoodie in black');
    expect([img.getAttribute('width'), img.getAttribute('height'), img.getAttribute('sizes')]).toEqual(['800', '800', '25vw']);
    expect(getByRole(li, 'link', { name: 'Hoodie in black Hoodie' }).getAttribute('href')).toBe('/product/hoodie/?attribute_pa_color=black');
    expect(getByRole(li, 'link', { name: 'Select options' }).getAttribute('href')).toBe('/product/hoodie/?attribute_pa_color=black');
    const quick = getByRole(li, 'button', { name: 'Quick view' });
    expect(quick.dataset.productUrl).toBe('/product/hoodie/?attribute_pa_color=black');
    expect(window.location.pathname).toBe('/');

    await user.click(black);
    expect(black.getAttribute('aria-checked')).toBe('false');
    expect(img.getAttribute('src')).toBe('/media/navy-300.svg');
    expect(img.getAttribute('srcset')).toBe('/media/navy-300.svg 300w, /media/navy.svg 800w');
    expect(img.alt).toBe('Hoodie');
    expect(quick.dataset.productUrl).toBe('/product/hoodie/');
  });

  it('deselects on a double click', async () => {
    const user = userEvent.setup();
    const { li } = card();
    const navy = getByRole(li, 'radio', { name: 'Navy' });
    await user.click(getByRole(li, 'radio', { name: 'Black' }));
    await user.dblClick(navy);
    expect(navy.getAttribute('aria-checked')).toBe('false');
    expect(getByRole(li, 'radio', { name: 'Black' }).getAttribute('aria-checked')).toBe('false');
    expect(image(li).getAttribute('src')).toBe('/media/navy-300.svg');
  });

  it('ignores the sold-out swatch', async () => {
    const user = userEvent.setup();
    const { li } = card();
    const burgundy = getByRole(li, 'radio', { name: 'Burgundy' });
    await user.click(burgundy);
    expect(burgundy.getAttribute('aria-checked')).toBe('false');
    expect(getByRole(li, 'button', { name: 'Quick view' }).dataset.productUrl).toBe('/product/hoodie/');
  });

  it('moves and chooses with the arrow keys, skipping the sold-out swatch, and Space toggles', async () => {
    const user = userEvent.setup();
    const { li } = card();
    const navy = getByRole(li, 'radio', { name: 'Navy' });
    const black = getByRole(li, 'radio', { name: 'Black' });
    navy.focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(black);
    expect(black.getAttribute('aria-checked')).toBe('true');
    expect(black.tabIndex).toBe(0);
    expect(navy.tabIndex).toBe(-1);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(navy);
    expect(navy.getAttribute('aria-checked')).toBe('true');
    await user.keyboard(' ');
    expect(navy.getAttribute('aria-checked')).toBe('false');
  });

  it('puts the card back as loaded when undone', async () => {
    const user = userEvent.setup();
    const { li, undo } = card();
    await user.click(getByRole(li, 'radio', { name: 'Black' }));
    undo?.();
    expect(getByRole(li, 'group', { name: 'Color' })).toBeDefined();
    expect(image(li).getAttribute('src')).toBe('/media/navy-300.svg');
    expect(getByRole(li, 'link', { name: 'Black' }).getAttribute('href')).toBe('/product/hoodie/?attribute_pa_color=black');
  });
});

/** The card with a second group, Size, and the variations with their own pictures. */
function twoGroupCard(): HTMLElement {
  const variations = [
    // Navy in Large has its own picture; Navy in any other size does not.
    { variation_id: 21, attributes: { attribute_pa_color: 'navy', attribute_pa_size: 'large' }, image: { src: '/media/navy-large-300.svg', srcset: '/media/navy-large-300.svg 300w', alt: 'Hoodie, navy, large' } },
    // Black in any size.
    { variation_id: 22, attributes: { attribute_pa_color: 'black', attribute_pa_size: '' }, image: { src: '/media/black-any-300.svg', srcset: '', alt: 'Hoodie in black, any size' } },
  ];
  const sizes = `<div class="card-swatches__row"><div class="card-swatches__group" role="group" aria-label="Size" data-card-swatch-group data-attribute_name="attribute_pa_size">
      <a class="card-swatch" href="/product/hoodie/?attribute_pa_size=small" data-value="small">Small</a>
      <a class="card-swatch" href="/product/hoodie/?attribute_pa_size=large" data-value="large">Large</a>
    </div></div>`;
  const json = JSON.stringify(variations).replaceAll('"', '&quot;');
  document.body.innerHTML = CARD.replace('data-behaviour="card-swatches">', `data-behaviour="card-swatches" data-variations="${json}">`).replace(
    '</div></div>\n    <div class="product-card__actions">',
    `</div>${sizes}</div>\n    <div class="product-card__actions">`,
  );
  const li = document.querySelector<HTMLElement>('li.product');
  const el = document.querySelector<HTMLElement>('[data-behaviour="card-swatches"]');
  if (li === null || el === null) {
    throw new Error('no card');
  }
  cardSwatches.attach(el);
  return li;
}

describe('cards with several swatch groups', () => {
  it('show the variation matching every chosen value, else the first group’s picture', async () => {
    const user = userEvent.setup();
    const li = twoGroupCard();
    const img = image(li);
    await user.click(getByRole(li, 'radio', { name: 'Navy' }));
    // Navy alone matches no variation (each one names a size): the Navy swatch's picture.
    expect(img.getAttribute('src')).toBe('/media/navy-300.svg');
    await user.click(getByRole(getByRole(li, 'radiogroup', { name: 'Size' }), 'radio', { name: 'Large' }));
    await vi.waitFor(() => {
      expect(img.getAttribute('src')).toBe('/media/navy-large-300.svg');
    });
    expect(img.alt).toBe('Hoodie, navy, large');
    expect(getByRole(li, 'link', { name: 'Select options' }).getAttribute('href')).toBe(
      '/product/hoodie/?attribute_pa_color=navy&attribute_pa_size=large',
    );
    // Navy in Small has no picture of its own: back to the first group's.
    await user.click(getByRole(li, 'radio', { name: 'Small' }));
    expect(img.getAttribute('src')).toBe('/media/navy-300.svg');
    // Black in any size matches whatever the size (the form's "any value" rule).
    await user.click(getByRole(li, 'radio', { name: 'Black' }));
    expect(img.getAttribute('src')).toBe('/media/black-any-300.svg');
    expect(img.alt).toBe('Hoodie in black, any size');
    // Clearing every choice puts the card back as loaded.
    await user.click(getByRole(li, 'radio', { name: 'Black' }));
    await user.click(getByRole(li, 'radio', { name: 'Small' }));
    expect(img.getAttribute('src')).toBe('/media/navy-300.svg');
    expect(img.getAttribute('srcset')).toBe('/media/navy-300.svg 300w, /media/navy.svg 800w');
  });
});

describe('cards added later (infinite scroll, filtering)', () => {
  it('get their swatches from the runner as soon as they are in the page', async () => {
    const user = userEvent.setup();
    const stop = createBehaviourRunner(behaviours).observe(document.body);
    // As a fetched page brings it.
    document.body.insertAdjacentHTML('beforeend', CARD);
    const added = document.querySelector<HTMLElement>('li.product');
    if (added === null) {
      throw new Error('no card');
    }
    await vi.waitFor(() => getByRole(added, 'radiogroup', { name: 'Color' }));
    await user.click(getByRole(added, 'radio', { name: 'Black' }));
    expect(image(added).getAttribute('src')).toBe('/media/black-300.svg');
    stop();
  });
});

describe('urlWithChoice', () => {
  it('adds the choice to a path or a full URL, replacing an earlier one', () => {
    const choice = new Map([['attribute_pa_color', 'navy']]);
    expect(urlWithChoice('/product/x/', choice)).toBe('/product/x/?attribute_pa_color=navy');
    expect(urlWithChoice('/product/x/?attribute_pa_color=black&a=1', choice)).toBe('/product/x/?attribute_pa_color=navy&a=1');
    expect(urlWithChoice('https://shop.example/product/x/', choice)).toBe('https://shop.example/product/x/?attribute_pa_color=navy');
  });
});

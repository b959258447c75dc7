import { getByRole } from '@testing-library/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_CHECK_MS, startVariationForm, VARIATION_FOUND, VARIATION_RESET } from './form';
import type { VariationData } from './matching';

const black = (size: string, id: number, extra: Partial<VariationData> = {}): VariationData => ({
  variation_id: id,
  attributes: { attribute_pa_color: 'black', attribute_pa_size: size },
  variation_is_active: true,
  variation_is_visible: true,
  is_purchasable: true,
  is_in_stock: true,
  sku: `CREW-BLK-${size.toUpperCase()}`,
  price_html: `<span class="price">$${size === 'xl' ? '38' : '34'}.00</span>`,
  availability_html: '<p class="stock in-stock">In stock</p>',
  weight_html: '0.5 lbs',
  dimensions_html: 'N/A',
  min_qty: 1,
  max_qty: 5,
  image: { src: '/media/black.svg', full_src: '/media/black-full.svg', gallery_thumbnail_src: '/media/black-thumb.svg', alt: 'Black' },
  ...extra,
});

const VARIATIONS: VariationData[] = [
  black('l', 11),
  black('xl', 12, { is_in_stock: false, availability_html: '<p class="stock out-of-stock">Out of stock</p>' }),
  { ...black('l', 13), attributes: { attribute_pa_color: 'white', attribute_pa_size: '' }, sku: 'CREW-WHT', image: { src: '' } },
];

function page(variations: string): HTMLFormElement {
  document.body.innerHTML = `
    <script type="application/json" id="mercato-product-settings">{"wc_add_to_cart_variation_params":{"i18n_unavailable_text":"Not available, sorry."}}</script>
    <div class="product">
      <div class="woocommerce-product-gallery__image"><a href="/media/crew-full.svg"><img class="wp-post-image" src="/media/crew.svg" alt="Crew" data-large_image="/media/crew-full.svg"></a></div>
      <ol class="flex-control-thumbs"><li><img src="/media/crew-thumb.svg" alt=""></li></ol>
      <form class="variations_form cart" data-product_id="56" data-product_variations='${variations}'>
        <fieldset data-swatch-group role="radiogroup" aria-labelledby="cl" data-attribute_name="attribute_pa_color" data-disable-invalid data-show-selected data-deselect>
          <legend><span id="cl">Color</span><span data-swatch-chosen></span></legend>
          <span id="pa_color_oos">Out of stock</span>
          <span data-swatch><input type="radio" id="c0" name="attribute_pa_color" value="black"><label for="c0">Black</label></span>
          <span data-swatch><input type="radio" id="c1" name="attribute_pa_color" value="white"><label for="c1">White</label></span>
        </fieldset>
        <label for="pa_size">Size</label>
        <select id="pa_size" name="attribute_pa_size" data-attribute_name="attribute_pa_size">
          <option value="">Choose an option</option><option value="l">L</option><option value="xl">XL</option>
        </select>
        <button type="submit" formmethod="get" data-variation-check>Check availability</button>
        <a class="reset_variations" href="/product/crew/" hidden>Clear</a>
        <div class="single_variation" role="status"></div>
        <div class="variations_button">
          <div class="quantity"><label for="q">Quantity</label><input type="number" id="q" name="quantity" value="1" min="1" step="1"></div>
          <button type="submit" name="add-to-cart" value="56" class="single_add_to_cart_button">Add to cart</button>
          <input type="hidden" name="variation_id" class="variation_id" value="">
        </div>
      </form>
      <div class="product_meta"><span class="sku">CREW</span></div>
      <table><tr class="woocommerce-product-attributes-item--weight"><td class="woocommerce-product-attributes-item__value">0.4 lbs</td></tr></table>
    </div>`;
  const form = document.querySelector('form');
  if (!(form instanceof HTMLFormElement)) throw new Error('no form');
  return form;
}

const radio = (name: string) => getByRole(document.body, 'radio', { name });
const sizeSelect = () => getByRole<HTMLSelectElement>(document.body, 'combobox', { name: 'Size' });
const variationId = () => document.querySelector<HTMLInputElement>('input[name="variation_id"]')?.value;
const resetLink = (): HTMLAnchorElement => {
  // A hidden link has no accessible name to find it by.
  const link = document.querySelector('a.reset_variations');
  if (!(link instanceof HTMLAnchorElement)) throw new Error('no reset link');
  return link;
};
const button = () => getByRole(document.body, 'button', { name: 'Add to cart' });

function choose(el: HTMLInputElement | HTMLSelectElement, value?: string): void {
  if (el instanceof HTMLInputElement) {
    el.checked = true;
  } else if (value !== undefined) {
    el.value = value;
  }
  el.dispatchEvent(new Event('change', { bubbles: true }));
}

describe('the variation form with embedded variations', () => {
  let stop: () => void = () => undefined;
  const neverAsked = vi.fn(() => Promise.reject(new Error('not expected')));

  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('runs its first check 100 ms after load and then follows every change', () => {
    const form = page(JSON.stringify(VARIATIONS));
    stop = startVariationForm(form, { getVariation: neverAsked });
    expect(form.querySelector('[data-variation-check]'), 'the no-JS button goes').toBeNull();
    vi.advanceTimersByTime(FIRST_CHECK_MS - 1);
    expect(button().getAttribute('aria-disabled')).toBeNull();
    vi.advanceTimersByTime(1);
    expect(button().getAttribute('aria-disabled')).toBe('true');
    expect(button().classList.contains('wc-variation-selection-needed')).toBe(true);

    const found: VariationData[] = [];
    form.addEventListener(VARIATION_FOUND, (e) => found.push((e as CustomEvent<{ variation: VariationData }>).detail.variation));
    const resets = vi.fn();
    form.addEventListener(VARIATION_RESET, resets);

    choose(radio('Black') as HTMLInputElement);
    expect(resetLink().hidden).toBe(false);
    expect(document.querySelector('[data-swatch-chosen]')?.textContent).toBe('Black');
    // XL with Black is sold out: marked, still choosable.
    const xl = sizeSelect().querySelector<HTMLOptionElement>('option[value="xl"]');
    expect(xl?.disabled).toBe(false);

    choose(sizeSelect(), 'l');
    expect(variationId()).toBe('11');
    expect(found.map((v) => v.variation_id)).toEqual([11]);
    const status = getByRole(document.body, 'status');
    expect(status.textContent).toContain('$34.00');
    expect(status.textContent).toContain('In stock');
    expect(status.textContent).toContain('CREW-BLK-L');
    expect(document.querySelector('.product_meta .sku')?.textContent).toBe('CREW-BLK-L');
    expect(document.querySelector('.woocommerce-product-attributes-item__value')?.textContent).toBe('0.5 lbs');
    const image = document.querySelector('img.wp-post-image');
    expect(image?.getAttribute('src')).toBe('/media/black.svg');
    expect(image?.getAttribute('data-large_image')).toBe('/media/black-full.svg');
    expect(image?.parentElement?.getAttribute('href')).toBe('/media/black-full.svg');
    expect(document.querySelector('.flex-control-thumbs img')?.getAttribute('src')).toBe('/media/black-thumb.svg');
    expect(document.querySelector<HTMLInputElement>('#q')?.max).toBe('5');
    expect(button().getAttribute('aria-disabled')).toBeNull();

    // White has only an "any size" variation: every size stays offered with it.
    choose(radio('White') as HTMLInputElement);
    expect(variationId()).toBe('13');
    expect(document.querySelector('img.wp-post-image')?.getAttribute('src'), 'no own image: the product one').toBe('/media/crew.svg');

    // Reset restores the page as loaded.
    resetLink().click();
    expect(variationId()).toBe('');
    expect(resetLink().hidden).toBe(true);
    expect(document.querySelector('.product_meta .sku')?.textContent).toBe('CREW');
    expect(document.querySelector('.woocommerce-product-attributes-item__value')?.textContent).toBe('0.4 lbs');
    expect(document.querySelector('.flex-control-thumbs img')?.getAttribute('src')).toBe('/media/crew-thumb.svg');
    expect(document.querySelector<HTMLInputElement>('#q')?.hasAttribute('max')).toBe(false);
    expect(resets).toHaveBeenCalledTimes(1);
  });

  it('marks a sold-out option, and blocks its add with the unavailable text', () => {
    const form = page(JSON.stringify(VARIATIONS));
    stop = startVariationForm(form, { getVariation: neverAsked });
    vi.advanceTimersByTime(FIRST_CHECK_MS);
    choose(sizeSelect(), 'xl');
    // With XL chosen, Black only combines into the sold-out variation.
    expect(radio('Black').getAttribute('aria-describedby')).toBe('pa_color_oos');
    expect(radio('White').getAttribute('aria-describedby')).toBeNull();
    choose(radio('Black') as HTMLInputElement);
    expect(variationId()).toBe('12');
    expect(button().classList.contains('wc-variation-is-unavailable')).toBe(true);

    const later = vi.fn();
    document.addEventListener('submit', later);
    form.requestSubmit(button());
    expect(later, 'the add is not sent').not.toHaveBeenCalled();
    expect(getByRole(document.body, 'alert').textContent).toBe('Not available, sorry.');
    document.removeEventListener('submit', later);
  });

  it('clears a swatch clicked again when the group deselects on double click', () => {
    const form = page(JSON.stringify(VARIATIONS));
    stop = startVariationForm(form, { getVariation: neverAsked });
    vi.advanceTimersByTime(FIRST_CHECK_MS);
    const blackRadio = radio('Black') as HTMLInputElement;
    blackRadio.click();
    expect(blackRadio.checked).toBe(true);
    blackRadio.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    blackRadio.click();
    expect(blackRadio.checked).toBe(false);
    expect(resetLink().hidden).toBe(true);
  });

  it('blocks an incomplete choice with the make-a-selection text', () => {
    const form = page(JSON.stringify(VARIATIONS));
    stop = startVariationForm(form, { getVariation: neverAsked });
    vi.advanceTimersByTime(FIRST_CHECK_MS);
    form.requestSubmit(button());
    expect(getByRole(document.body, 'alert').textContent).toBe(
      'Please select some product options before adding this product to your cart.',
    );
    expect(document.activeElement).toBe(radio('Black'));
  });
});

describe('the variation form of a large product (no embedded variations)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks get_variation for a complete choice, aborting the earlier request', async () => {
    vi.useFakeTimers();
    const form = page('false');
    const signals: AbortSignal[] = [];
    const sent: Record<string, string>[] = [];
    const getVariation = vi.fn((data: Readonly<Record<string, string>>, signal: AbortSignal) => {
      signals.push(signal);
      sent.push({ ...data });
      return Promise.resolve(data.attribute_pa_size === 'xl' ? null : VARIATIONS[0]);
    });
    const stop = startVariationForm(form, { getVariation });
    vi.advanceTimersByTime(FIRST_CHECK_MS);
    expect(getVariation).not.toHaveBeenCalled();
    choose(radio('Black') as HTMLInputElement);
    choose(sizeSelect(), 'xl');
    choose(sizeSelect(), 'l');
    expect(sent).toEqual([
      { attribute_pa_color: 'black', attribute_pa_size: 'xl', product_id: '56' },
      { attribute_pa_color: 'black', attribute_pa_size: 'l', product_id: '56' },
    ]);
    expect(signals[0]?.aborted).toBe(true);
    vi.useRealTimers();
    await vi.waitFor(() => {
      expect(variationId()).toBe('11');
    });
    expect(getByRole(document.body, 'status').textContent).toContain('CREW-BLK-L');

    choose(sizeSelect(), 'xl');
    await vi.waitFor(() => {
      expect(getByRole(document.body, 'status').textContent).toContain('Sorry, no products matched');
    });
    expect(variationId()).toBe('');
    stop();
  });
});

import { getByRole, queryByRole } from '@testing-library/dom';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { productBehaviours } from './product-page';
import { quantityStepper } from './quantity-stepper';
import { createBehaviourRunner } from './runner';

/** A stand-in for the browser's IntersectionObserver that the test drives by hand. */
class FakeObserver {
  static last: FakeObserver | undefined;
  readonly targets: Element[] = [];
  disconnected = false;
  constructor(readonly callback: IntersectionObserverCallback) {
    FakeObserver.last = this;
  }
  observe(target: Element): void {
    this.targets.push(target);
  }
  disconnect(): void {
    this.disconnected = true;
  }
  /** Reports the observed button inside the viewport, or at `bottom` px when outside. */
  report(isIntersecting: boolean, bottom: number): void {
    const entry = {
      isIntersecting,
      boundingClientRect: { bottom } as DOMRectReadOnly,
      rootBounds: { top: 0 } as DOMRectReadOnly,
      target: this.targets[0],
    } as IntersectionObserverEntry;
    this.callback([entry], this as unknown as IntersectionObserver);
  }
}

function observer(): FakeObserver {
  if (FakeObserver.last === undefined) {
    throw new Error('no observer');
  }
  return FakeObserver.last;
}

const bar = (quantity = true) => `
  <section class="sticky-add-to-cart" aria-label="Quick add to cart" data-sticky-bar hidden>
    <p>Enamel Camp Mug</p><p class="price">$18.00</p>
    ${quantity ? '<label for="sq">Quantity of Enamel Camp Mug, quick add</label><input type="number" id="sq" value="1" min="1" max="30" step="1">' : ''}
    <button type="button" data-sticky-submit>Add to cart</button>
  </section>`;

const simple = `
  <div class="product-add-to-cart" data-sticky-add-to-cart data-product-id="134" data-behaviour="sticky-add-to-cart">
    <form class="cart" action="/product/enamel-camp-mug/" method="post">
      <div class="quantity" data-behaviour="quantity-stepper">
        <label for="q">Enamel Camp Mug quantity</label>
        <input type="number" id="q" name="quantity" value="1" min="1" max="30" step="1">
      </div>
      <button type="submit" name="add-to-cart" value="134">Add to cart</button>
    </form>
    ${bar()}
  </div>`;

const variable = `
  <div class="product-add-to-cart" data-sticky-add-to-cart data-product-id="55" data-behaviour="sticky-add-to-cart">
    <form class="variations_form cart" action="/product/classic-zip-hoodie/" method="post">
      <label for="c">Color</label>
      <select id="c" name="attribute_pa_color" data-attribute_name="attribute_pa_color">
        <option value="">Choose an option</option><option value="black">Black</option>
      </select>
      <label for="s">Size</label>
      <select id="s" name="attribute_pa_size" data-attribute_name="attribute_pa_size">
        <option value="">Choose an option</option><option value="l">L</option>
      </select>
      <div class="quantity" data-behaviour="quantity-stepper">
        <label for="q">Classic Zip Hoodie quantity</label>
        <input type="number" id="q" name="quantity" value="1" min="1" step="1">
      </div>
      <button type="submit" name="add-to-cart" value="55">Add to cart</button>
    </form>
    ${bar()}
  </div>`;

function render(html: string): HTMLElement {
  document.body.innerHTML = html;
  createBehaviourRunner({ ...productBehaviours, 'quantity-stepper': quantityStepper }).attachAll(document.body);
  return document.body;
}

const region = (body: HTMLElement) => getByRole(body, 'region', { name: 'Quick add to cart' });

beforeEach(() => {
  document.body.replaceChildren();
  FakeObserver.last = undefined;
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});

describe('sticky-add-to-cart behaviour', () => {
  it('shows the bar only while the form button is above the viewport', () => {
    const body = render(simple);
    expect(queryByRole(body, 'region', { name: 'Quick add to cart' })).toBeNull();
    expect(observer().targets[0]?.getAttribute('name')).toBe('add-to-cart');

    observer().report(false, -20);
    region(body);
    observer().report(true, 300);
    expect(queryByRole(body, 'region', { name: 'Quick add to cart' })).toBeNull();
    // Below the viewport (not yet reached) is not "scrolled past".
    observer().report(false, 2000);
    expect(queryByRole(body, 'region', { name: 'Quick add to cart' })).toBeNull();
  });

  it('keeps the two quantities in sync both ways', async () => {
    const body = render(simple);
    observer().report(false, -20);
    const main = getByRole<HTMLInputElement>(body, 'spinbutton', { name: 'Enamel Camp Mug quantity' });
    const sticky = getByRole<HTMLInputElement>(region(body), 'spinbutton', { name: 'Quantity of Enamel Camp Mug, quick add' });
    const changes = vi.fn();
    main.addEventListener('change', changes);

    await userEvent.clear(sticky);
    await userEvent.type(sticky, '4');
    expect(main.value).toBe('4');
    expect(changes).toHaveBeenCalled();

    await userEvent.click(getByRole(body, 'button', { name: 'Increase quantity of Enamel Camp Mug' }));
    expect(sticky.value).toBe('5');
  });

  it("catches up with the form's quantity when it appears", () => {
    const body = render(simple);
    getByRole<HTMLInputElement>(body, 'spinbutton', { name: 'Enamel Camp Mug quantity' }).value = '7';
    observer().report(false, -20);
    expect(getByRole<HTMLInputElement>(region(body), 'spinbutton').value).toBe('7');
  });

  it('submits the form with its own add-to-cart button', async () => {
    const body = render(simple);
    observer().report(false, -20);
    const form = body.querySelector('form');
    const submitted = vi.fn((event: SubmitEvent) => {
      event.preventDefault();
      return event.submitter;
    });
    form?.addEventListener('submit', submitted);

    await userEvent.click(getByRole(region(body), 'button', { name: 'Add to cart' }));

    expect(submitted).toHaveReturnedWith(form?.querySelector('button[name="add-to-cart"]'));
  });

  it('says Select options until every attribute is chosen, and then leads to the choices', async () => {
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query }));
    const body = render(variable);
    observer().report(false, -20);
    const form = body.querySelector('form');
    const submitted = vi.fn((event: Event) => {
      event.preventDefault();
    });
    form?.addEventListener('submit', submitted);
    const button = getByRole(region(body), 'button', { name: 'Select options' });

    await userEvent.click(button);

    expect(submitted).not.toHaveBeenCalled();
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ behavior: 'instant' }));
    expect(document.activeElement).toBe(getByRole(body, 'combobox', { name: 'Color' }));

    await userEvent.selectOptions(getByRole(body, 'combobox', { name: 'Color' }), 'Black');
    expect(button.textContent).toBe('Select options');
    await userEvent.selectOptions(getByRole(body, 'combobox', { name: 'Size' }), 'L');
    expect(button.textContent).toBe('Add to cart');
    await userEvent.click(button);
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  it('scrolls smoothly when motion is welcome', async () => {
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }));
    const body = render(variable);
    observer().report(false, -20);
    await userEvent.click(getByRole(region(body), 'button', { name: 'Select options' }));
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ behavior: 'smooth' }));
  });

  it('counts swatch groups as choices and shows the chosen variation price', async () => {
    const body = render(`
      <div class="product-add-to-cart" data-sticky-add-to-cart data-product-id="56" data-behaviour="sticky-add-to-cart">
        <form class="variations_form cart" action="/product/long-sleeve-crew/" method="post">
          <fieldset data-swatch-group role="radiogroup" aria-labelledby="cl"><legend id="cl">Color</legend>
            <span data-swatch><input type="radio" id="c0" name="attribute_pa_color" value="black"><label for="c0">Black</label></span>
          </fieldset>
          <button type="submit" name="add-to-cart" value="56">Add to cart</button>
        </form>
        <section class="sticky-add-to-cart" aria-label="Quick add to cart" data-sticky-bar hidden>
          <p class="sticky-add-to-cart__price price">$34.00 – $38.00</p>
          <button type="button" data-sticky-submit>Add to cart</button>
        </section>
      </div>`);
    observer().report(false, -20);
    const bar = region(body);
    const button = getByRole(bar, 'button', { name: 'Select options' });
    await userEvent.click(getByRole(body, 'radio', { name: 'Black' }));
    expect(button.textContent).toBe('Add to cart');

    const form = body.querySelector('form');
    const variation = { variation_id: 9, attributes: {}, price_html: '<span class="price">$38.00</span>' };
    form?.dispatchEvent(new CustomEvent('mercato:variation-found', { bubbles: true, detail: { variation } }));
    expect(bar.querySelector('.sticky-add-to-cart__price')?.textContent).toBe('$38.00');
    // A reset clears the radios without a change event: the bar asks for options again.
    const blackRadio = getByRole<HTMLInputElement>(body, 'radio', { name: 'Black' });
    blackRadio.checked = false;
    form?.dispatchEvent(new CustomEvent('mercato:variation-reset', { bubbles: true }));
    expect(bar.querySelector('.sticky-add-to-cart__price')?.textContent).toBe('$34.00 – $38.00');
    expect(button.textContent).toBe('Select options');
  });

  it('stays hidden without IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const body = render(simple);
    expect(queryByRole(body, 'region', { name: 'Quick add to cart' })).toBeNull();
  });
});

// The variation form of a variable product (SPEC §2.3, §4.2–4.4, §5.1, §5.2, §7.1 item 3).
// The server renders a form that works without JavaScript: a select or a swatch group of
// radios per attribute, a "Check availability" button that reloads the page with the choice,
// and the matched variation's panel. This module makes the same form live:
//
// - any change clears `variation_id`; with the embedded `data-product_variations` the options
//   that can no longer match are disabled (or hidden) and sold-out ones marked; without it
//   (`false`: large products) a complete choice is asked of the server (`get_variation`),
//   aborting any earlier request;
// - a match shows its price, stock and SKU in the panel, and updates the product meta, the
//   weight and dimensions rows, the quantity limits, the main image and its thumbnail; reset
//   restores them;
// - the add-to-cart button is disabled (aria-disabled) while the choice is incomplete or the
//   variation cannot be bought; pressing it says why in an inline alert;
// - `mercato:variation-found` ({ variation }) and `mercato:variation-reset` bubble from the
//   form, for the gallery, the sticky bar and quick view.

import {
  attributeKey,
  findMatchingVariation,
  isAvailable,
  isVariationData,
  optionStates,
  parseVariations,
  type Availability,
  type Choice,
  type VariationData,
} from './matching';

/** Event names the form dispatches (bubbling, on the form). */
export const VARIATION_FOUND = 'mercato:variation-found';
export const VARIATION_RESET = 'mercato:variation-reset';

/** SPEC §9.1: the first check runs this long after load. */
export const FIRST_CHECK_MS = 100;

export interface VariationFoundDetail {
  readonly variation: VariationData;
}

/** The texts of `wc_add_to_cart_variation_params` (read from the page, these by default). */
export interface VariationTexts {
  noMatch: string;
  makeASelection: string;
  unavailable: string;
}

export const DEFAULT_TEXTS: VariationTexts = {
  noMatch: 'Sorry, no products matched your selection. Please choose a different combination.',
  makeASelection: 'Please select some product options before adding this product to your cart.',
  unavailable: 'Sorry, this product is unavailable. Please choose a different combination.',
};

export interface VariationFormDeps {
  /** `get_variation`; the variation object or null when nothing matches. */
  readonly getVariation: (data: Readonly<Record<string, string>>, signal: AbortSignal) => Promise<unknown>;
  readonly texts?: VariationTexts;
}

/** One attribute's control: a select or a swatch group. */
interface Control {
  readonly name: string;
  readonly options: readonly string[];
  value(): string;
  clear(): void;
  /** Shows the availability of each option; null: every option offered (no data to judge). */
  show(states: ReadonlyMap<string, Availability> | null): void;
  focus(): void;
}

function selectControl(select: HTMLSelectElement): Control {
  const options = [...select.options].filter((o) => o.value !== '');
  return {
    name: select.name,
    options: options.map((o) => o.value),
    value: () => select.value,
    clear() {
      select.value = '';
    },
    show(states) {
      for (const option of options) {
        const state = states?.get(option.value) ?? 'available';
        const offered = state !== 'unavailable' || option.selected;
        option.disabled = !offered;
        option.classList.toggle('enabled', offered);
        option.classList.toggle('disabled', !offered);
      }
    },
    focus() {
      select.focus();
    },
  };
}

function swatchControl(group: HTMLFieldSetElement): Control {
  const radios = [...group.querySelectorAll('input[type="radio"]')].filter(
    (r): r is HTMLInputElement => r instanceof HTMLInputElement,
  );
  const outOfStockId = group.querySelector('[id$="_oos"]')?.id ?? '';
  const disableInvalid = group.hasAttribute('data-disable-invalid');
  const chosen = group.querySelector('[data-swatch-chosen]');
  const labelOf = (radio: HTMLInputElement): string =>
    radio.labels?.[0]?.textContent.trim() ?? radio.value;
  const control: Control = {
    name: radios[0]?.name ?? '',
    options: radios.map((r) => r.value),
    value: () => radios.find((r) => r.checked)?.value ?? '',
    clear() {
      for (const radio of radios) {
        radio.checked = false;
      }
    },
    show(states) {
      for (const radio of radios) {
        const state = states?.get(radio.value) ?? 'available';
        const offered = state !== 'unavailable' || radio.checked;
        const wrapper = radio.closest('[data-swatch]');
        radio.disabled = !offered;
        if (wrapper instanceof HTMLElement) {
          // SPEC §4.4: invalid options are disabled with hide_outofstock, hidden without.
          wrapper.hidden = !offered && !disableInvalid;
          wrapper.classList.toggle('swatch--out-of-stock', state === 'out-of-stock');
        }
        if (state === 'out-of-stock' && outOfStockId !== '') {
          radio.setAttribute('aria-describedby', outOfStockId);
        } else {
          radio.removeAttribute('aria-describedby');
        }
      }
      if (chosen !== null) {
        const checked = radios.find((r) => r.checked);
        chosen.textContent = checked === undefined ? '' : labelOf(checked);
      }
    },
    focus() {
      (radios.find((r) => r.checked) ?? radios.find((r) => !r.disabled))?.focus();
    },
  };
  return control;
}

/** Reads the texts from the page's `#mercato-product-settings`, falling back on the defaults. */
export function readTexts(doc: Document): VariationTexts {
  const texts = { ...DEFAULT_TEXTS };
  const raw = doc.getElementById('mercato-product-settings')?.textContent;
  if (raw === undefined) {
    return texts;
  }
  try {
    const parsed: unknown = JSON.parse(raw);
    const params =
      typeof parsed === 'object' && parsed !== null
        ? (parsed as Record<string, unknown>).wc_add_to_cart_variation_params
        : undefined;
    if (typeof params === 'object' && params !== null) {
      const p = params as Record<string, unknown>;
      const pick = (key: string, fallback: string): string => (typeof p[key] === 'string' ? p[key] : fallback);
      texts.noMatch = pick('i18n_no_matching_variations_text', texts.noMatch);
      texts.makeASelection = pick('i18n_make_a_selection_text', texts.makeASelection);
      texts.unavailable = pick('i18n_unavailable_text', texts.unavailable);
    }
  } catch {
    // Keep the defaults.
  }
  return texts;
}

/** An element's attributes, to put back on reset. */
function remember(el: Element | null, names: readonly string[]): () => void {
  if (el === null) {
    return () => undefined;
  }
  const saved = names.map((n) => [n, el.getAttribute(n)] as const);
  return () => {
    for (const [name, value] of saved) {
      if (value === null) {
        el.removeAttribute(name);
      } else {
        el.setAttribute(name, value);
      }
    }
  };
}

function setOrRemove(el: Element, name: string, value: unknown): void {
  if (typeof value === 'string' && value !== '') {
    el.setAttribute(name, value);
  } else if (typeof value === 'number') {
    el.setAttribute(name, String(value));
  } else {
    el.removeAttribute(name);
  }
}

type ButtonState = 'ready' | 'selection-needed' | 'unavailable';

/** Starts the live variation form; returns the function that stops it. */
export function startVariationForm(form: HTMLFormElement, deps: VariationFormDeps): () => void {
  const doc = form.ownerDocument;
  const texts = deps.texts ?? readTexts(doc);
  const embedded = parseVariations(form.dataset.product_variations);
  const controls: Control[] = [
    ...[...form.querySelectorAll('select[data-attribute_name]')]
      .filter((s): s is HTMLSelectElement => s instanceof HTMLSelectElement)
      .map(selectControl),
    ...[...form.querySelectorAll('fieldset[data-swatch-group]')]
      .filter((g): g is HTMLFieldSetElement => g instanceof HTMLFieldSetElement)
      .map(swatchControl),
  ];
  // Keep the page's order of attributes (selects and swatch groups may be mixed).
  const order = [...form.querySelectorAll('select[data-attribute_name], fieldset[data-swatch-group]')].map(
    (el) => el.getAttribute('data-attribute_name') ?? '',
  );
  controls.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
  const attributes = controls.map((c) => ({ key: c.name, options: c.options }));

  const variationId = form.querySelector('input[name="variation_id"]');
  const panel = form.querySelector('.single_variation');
  const resetLink = form.querySelector('.reset_variations');
  const button = form.querySelector('.single_add_to_cart_button');
  const checkButton = form.querySelector('[data-variation-check]');
  const quantity = form.querySelector('input[name="quantity"]');
  const quantityBox = form.querySelector('.quantity');
  const page = form.closest('.product') ?? doc;
  const meta = page.querySelector('.product_meta');
  const metaSku = meta?.querySelector('.sku') ?? null;
  const weightCell = page.querySelector('.woocommerce-product-attributes-item--weight .woocommerce-product-attributes-item__value');
  const dimensionsCell = page.querySelector(
    '.woocommerce-product-attributes-item--dimensions .woocommerce-product-attributes-item__value',
  );
  const mainImage = page.querySelector('.woocommerce-product-gallery__image img.wp-post-image');
  const mainLink = mainImage?.parentElement instanceof HTMLAnchorElement ? mainImage.parentElement : null;
  const thumbnail = page.querySelector('.flex-control-thumbs img');

  const originals = {
    // The parent's SKU: the page may open on a default variation, whose SKU the meta shows.
    sku: meta?.getAttribute('data-parent-sku') ?? metaSku?.textContent ?? '',
    weight: weightCell?.innerHTML ?? '',
    dimensions: dimensionsCell?.innerHTML ?? '',
    image: remember(mainImage, ['src', 'srcset', 'sizes', 'alt', 'title', 'width', 'height', 'data-large_image']),
    link: remember(mainLink, ['href']),
    thumbnail: remember(thumbnail, ['src', 'srcset']),
    quantity: remember(quantity, ['min', 'max']),
    quantityHidden: quantityBox instanceof HTMLElement ? quantityBox.hidden : false,
  };

  let shown: VariationData | null = null;
  let buttonState: ButtonState = 'ready';
  let inFlight: AbortController | null = null;
  let alertEl: HTMLElement | null = null;

  // With JavaScript the form follows every change, so the no-JS "Check availability" button
  // goes (out of the form: a hidden default button would still take the Enter key).
  const checkPlace = checkButton?.nextSibling ?? null;
  const checkParent = checkButton?.parentNode ?? null;
  checkButton?.remove();

  const choice = (): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const control of controls) {
      out[control.name] = control.value();
    }
    return out;
  };

  const clearAlert = (): void => {
    alertEl?.remove();
    alertEl = null;
  };

  const showAlert = (text: string): void => {
    clearAlert();
    const p = doc.createElement('p');
    p.className = 'variation-alert woocommerce-error';
    p.setAttribute('role', 'alert');
    p.textContent = text;
    (form.querySelector('.variations_button') ?? form).append(p);
    alertEl = p;
  };

  const setButton = (state: ButtonState): void => {
    buttonState = state;
    if (!(button instanceof HTMLElement)) {
      return;
    }
    button.classList.toggle('disabled', state !== 'ready');
    button.classList.toggle('wc-variation-selection-needed', state === 'selection-needed');
    button.classList.toggle('wc-variation-is-unavailable', state === 'unavailable');
    if (state === 'ready') {
      button.removeAttribute('aria-disabled');
    } else {
      button.setAttribute('aria-disabled', 'true');
    }
  };

  const setQuantity = (variation: VariationData | null): void => {
    if (!(quantity instanceof HTMLInputElement) || quantity.type === 'hidden') {
      return;
    }
    originals.quantity();
    if (quantityBox instanceof HTMLElement) {
      quantityBox.hidden = originals.quantityHidden;
    }
    if (variation !== null) {
      if (variation.is_sold_individually === 'yes') {
        // SPEC §5.1: fixed at 1, the box hidden.
        quantity.min = '1';
        quantity.removeAttribute('max');
        quantity.value = '1';
        if (quantityBox instanceof HTMLElement) {
          quantityBox.hidden = true;
        }
      } else {
        setOrRemove(quantity, 'min', variation.min_qty);
        setOrRemove(quantity, 'max', variation.max_qty);
      }
    }
    // Clamp to the limits; an empty value becomes the minimum.
    const min = Number(quantity.min || '0');
    const max = quantity.max === '' ? Infinity : Number(quantity.max);
    const current = quantity.value === '' ? min : Number(quantity.value);
    const clamped = String(Math.min(Math.max(Number.isFinite(current) ? current : min, min), max));
    if (clamped !== quantity.value) {
      quantity.value = clamped;
      quantity.dispatchEvent(new Event('change', { bubbles: true }));
    }
  };

  const setImage = (variation: VariationData | null): void => {
    originals.image();
    originals.link();
    originals.thumbnail();
    const image = variation?.image;
    if (image === undefined || (image.src ?? '') === '' || mainImage === null) {
      return;
    }
    setOrRemove(mainImage, 'src', image.src);
    setOrRemove(mainImage, 'srcset', image.srcset);
    setOrRemove(mainImage, 'sizes', image.sizes);
    setOrRemove(mainImage, 'alt', image.alt);
    setOrRemove(mainImage, 'title', image.title);
    setOrRemove(mainImage, 'width', image.src_w ?? undefined);
    setOrRemove(mainImage, 'height', image.src_h ?? undefined);
    setOrRemove(mainImage, 'data-large_image', image.full_src ?? image.src);
    if (mainLink !== null) {
      setOrRemove(mainLink, 'href', image.full_src ?? image.src);
    }
    if (thumbnail !== null) {
      setOrRemove(thumbnail, 'src', image.gallery_thumbnail_src ?? image.src);
      thumbnail.removeAttribute('srcset');
    }
  };

  const setMeta = (variation: VariationData | null): void => {
    if (metaSku !== null) {
      metaSku.textContent = variation !== null && (variation.sku ?? '') !== '' ? (variation.sku ?? '') : originals.sku;
    }
    const html = (value: string | undefined, original: string): string =>
      variation !== null && value !== undefined && value !== '' && value !== 'N/A' ? value : original;
    if (weightCell !== null) {
      weightCell.innerHTML = html(variation?.weight_html, originals.weight);
    }
    if (dimensionsCell !== null) {
      dimensionsCell.innerHTML = html(variation?.dimensions_html, originals.dimensions);
    }
  };

  /** Back to "no variation": the panel, the meta, the image and the quantity as loaded. */
  const resetDisplay = (message: string | null): void => {
    if (variationId instanceof HTMLInputElement) {
      variationId.value = '';
    }
    if (panel !== null) {
      panel.innerHTML = '';
      if (message !== null) {
        const p = doc.createElement('p');
        p.className = 'wc-no-matching-variations woocommerce-info';
        p.textContent = message;
        panel.append(p);
      }
    }
    setMeta(null);
    setImage(null);
    setQuantity(null);
    if (shown !== null) {
      shown = null;
      form.dispatchEvent(new CustomEvent(VARIATION_RESET, { bubbles: true }));
    }
  };

  const showVariation = (variation: VariationData): void => {
    if (variationId instanceof HTMLInputElement) {
      variationId.value = String(variation.variation_id);
    }
    if (panel !== null) {
      // Server HTML from our own origin (price, stock and the merchant's description).
      const parts: string[] = [];
      if (variation.variation_is_visible === false) {
        parts.push(`<p class="wc-no-matching-variations woocommerce-info"></p>`);
      } else {
        if ((variation.variation_description ?? '') !== '') {
          parts.push(`<div class="woocommerce-variation-description">${variation.variation_description ?? ''}</div>`);
        }
        if ((variation.price_html ?? '') !== '') {
          parts.push(`<div class="woocommerce-variation-price">${variation.price_html ?? ''}</div>`);
        }
        parts.push(`<div class="woocommerce-variation-availability">${variation.availability_html ?? ''}</div>`);
        if ((variation.sku ?? '') !== '') {
          parts.push('<p class="woocommerce-variation-sku">SKU: <span class="sku"></span></p>');
        }
      }
      panel.innerHTML = parts.join('');
      const sku = panel.querySelector('.woocommerce-variation-sku .sku');
      if (sku !== null) {
        sku.textContent = variation.sku ?? '';
      }
      const unavailable = panel.querySelector('.wc-no-matching-variations');
      if (unavailable !== null) {
        unavailable.textContent = texts.unavailable;
      }
    }
    setMeta(variation);
    setImage(variation);
    setQuantity(variation);
    shown = variation;
    form.dispatchEvent(new CustomEvent<VariationFoundDetail>(VARIATION_FOUND, { bubbles: true, detail: { variation } }));
  };

  const update = (): void => {
    const current: Choice = choice();
    const anyChosen = Object.values(current).some((v) => v !== '');
    const complete = controls.every((c) => c.value() !== '');
    if (resetLink instanceof HTMLElement) {
      resetLink.hidden = !anyChosen;
    }
    if (embedded !== null) {
      const states = optionStates(attributes, embedded, current);
      for (const control of controls) {
        control.show(states.get(attributeKey(control.name)) ?? null);
      }
    } else {
      for (const control of controls) {
        control.show(null);
      }
    }
    inFlight?.abort();
    inFlight = null;
    if (!complete) {
      resetDisplay(null);
      setButton('selection-needed');
      return;
    }
    const settle = (variation: VariationData | null): void => {
      if (variation === null) {
        resetDisplay(texts.noMatch);
        setButton('unavailable');
        return;
      }
      showVariation(variation);
      setButton(isAvailable(variation) ? 'ready' : 'unavailable');
    };
    if (embedded !== null) {
      settle(findMatchingVariation(embedded, current) ?? null);
      return;
    }
    const controller = new AbortController();
    inFlight = controller;
    form.setAttribute('aria-busy', 'true');
    const data: Record<string, string> = { ...current, product_id: form.dataset.product_id ?? '' };
    deps
      .getVariation(data, controller.signal)
      .then(
        (reply) => {
          if (!controller.signal.aborted) {
            settle(isVariationData(reply) ? reply : null);
          }
        },
        () => {
          // Not answered (aborted or offline): the server decides when the form is posted.
          if (!controller.signal.aborted) {
            resetDisplay(null);
            setButton('ready');
          }
        },
      )
      .finally(() => {
        if (inFlight === controller) {
          inFlight = null;
          form.removeAttribute('aria-busy');
        }
      });
  };

  const isControl = (target: EventTarget | null): boolean =>
    target instanceof Element &&
    (target.matches('select[data-attribute_name]') || target.closest('fieldset[data-swatch-group]') !== null);

  const onChange = (event: Event): void => {
    if (!isControl(event.target)) {
      return;
    }
    // SPEC §4.3: any change clears variation_id.
    if (variationId instanceof HTMLInputElement) {
      variationId.value = '';
    }
    clearAlert();
    update();
  };

  // Double-click to deselect (SPEC §4.4): a click on the option that was already chosen
  // clears it, in groups that ask for it. The pointer press tells whether it was chosen.
  let pressedChosen: HTMLInputElement | null = null;
  const radioUnder = (target: EventTarget | null): HTMLInputElement | null => {
    if (!(target instanceof Element)) {
      return null;
    }
    const radio = target.closest('[data-swatch]')?.querySelector('input[type="radio"]');
    return radio instanceof HTMLInputElement ? radio : null;
  };
  const onPointerDown = (event: PointerEvent): void => {
    const radio = radioUnder(event.target);
    pressedChosen = radio?.checked === true ? radio : null;
  };
  const onClick = (event: MouseEvent): void => {
    const target = event.target;
    if (target instanceof Element && target.closest('.reset_variations') !== null) {
      event.preventDefault();
      for (const control of controls) {
        control.clear();
      }
      clearAlert();
      const told = shown !== null;
      update();
      if (!told) {
        // Nothing was shown (the choice was partial or matched nothing): the page still
        // hears of the reset, as its choice changed without a change event.
        form.dispatchEvent(new CustomEvent(VARIATION_RESET, { bubbles: true }));
      }
      controls[0]?.focus();
      return;
    }
    if (!(target instanceof HTMLInputElement) || target.type !== 'radio') {
      return;
    }
    const group = target.closest('fieldset[data-swatch-group]');
    const wasChosen = pressedChosen === target;
    pressedChosen = null;
    if (group?.hasAttribute('data-deselect') === true && wasChosen) {
      target.checked = false;
      target.dispatchEvent(new Event('change', { bubbles: true }));
    }
  };

  // SPEC §4.2, §5.2: the blocked button says why instead of adding.
  const onSubmit = (event: SubmitEvent): void => {
    if (event.submitter !== button || buttonState === 'ready') {
      return;
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    showAlert(buttonState === 'unavailable' ? texts.unavailable : texts.makeASelection);
    if (buttonState === 'selection-needed') {
      controls.find((c) => c.value() === '')?.focus();
    }
  };

  form.addEventListener('change', onChange);
  form.addEventListener('pointerdown', onPointerDown);
  form.addEventListener('click', onClick);
  form.addEventListener('submit', onSubmit);
  const win = doc.defaultView;
  const timer = win?.setTimeout(update, FIRST_CHECK_MS);

  return () => {
    if (timer !== undefined) {
      win?.clearTimeout(timer);
    }
    inFlight?.abort();
    form.removeEventListener('change', onChange);
    form.removeEventListener('pointerdown', onPointerDown);
    form.removeEventListener('click', onClick);
    form.removeEventListener('submit', onSubmit);
    clearAlert();
    if (checkButton !== null && checkParent !== null) {
      checkParent.insertBefore(checkButton, checkPlace);
    }
  };
}

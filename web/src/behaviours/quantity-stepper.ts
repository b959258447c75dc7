// The − and + buttons beside a quantity input (SPEC §2.3, §5.1), on product pages, grouped
// products and the cart page (the mini cart has its own). Markup: `data-behaviour=
// "quantity-stepper"` on an element holding a `label` ("{name} quantity") and its
// `input[type=number]`. Without JavaScript the number input alone does the job.

import type { Behaviour } from './types';

export interface QuantityLimits {
  /** The `min` attribute as written. */
  readonly min: string;
  /** The `max` attribute as written ('' for none). */
  readonly max: string;
  /** The `step` attribute as written ('any' or '' for 1). */
  readonly step: string;
}

function parseNumber(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

/** Digits after the decimal point of the step as written ("0.25" → 2). */
function decimalsOf(step: string): number {
  const fraction = /\.(\d+)$/.exec(step.trim());
  return fraction?.[1]?.length ?? 0;
}

/**
 * The value after one press of + (`direction` 1) or − (-1), as the input's new text, or null
 * when the press changes nothing (SPEC §5.1): an empty or non-numeric value counts as 0; min
 * defaults to 0; step is 1 when 'any', empty or not numeric; plus stops at max; minus stops at
 * min and does nothing at 0 or less; the result has as many decimals as the step.
 */
export function stepQuantity(value: string, limits: QuantityLimits, direction: 1 | -1): string | null {
  const parsed = parseNumber(value);
  const current = Number.isFinite(parsed) ? parsed : 0;
  const parsedMin = parseNumber(limits.min);
  const min = Number.isFinite(parsedMin) ? parsedMin : 0;
  const max = parseNumber(limits.max);
  const parsedStep = parseNumber(limits.step);
  const stepValid = Number.isFinite(parsedStep) && parsedStep > 0;
  const step = stepValid ? parsedStep : 1;
  const decimals = stepValid ? decimalsOf(limits.step) : 0;
  const format = (n: number): string => String(Number(n.toFixed(decimals)));

  let next: number;
  if (direction === 1) {
    next = Number.isFinite(max) ? Math.min(current + step, max) : current + step;
  } else if (min > 0 && current <= min) {
    next = min;
  } else if (current <= 0) {
    return null;
  } else {
    next = Math.max(current - step, min);
  }
  const text = format(next);
  return text === value ? null : text;
}

function productNameOf(input: HTMLInputElement): string {
  const label = input.labels?.[0]?.textContent.trim() ?? '';
  return label.replace(/\s*quantity$/i, '');
}

function notify(input: HTMLInputElement): void {
  input.dispatchEvent(new Event('input', { bubbles: true }));
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

export const quantityStepper: Behaviour = {
  attach(el) {
    const input = el.querySelector('input[type="number"]');
    if (!(input instanceof HTMLInputElement)) {
      return;
    }
    // SPEC §5.1: outside the cart table a value below min is raised to min on load (the
    // cart's 0 means "remove", so it is left alone).
    const min = parseNumber(input.min);
    if (input.closest('.product-quantity') === null && min >= 0 && parseNumber(input.value) < min) {
      input.value = input.min;
    }
    const name = productNameOf(input);
    const makeButton = (direction: 1 | -1): HTMLButtonElement => {
      const button = el.ownerDocument.createElement('button');
      button.type = 'button';
      button.className = `quantity__step quantity__step--${direction === 1 ? 'plus' : 'minus'}`;
      button.textContent = direction === 1 ? '+' : '−';
      button.setAttribute('aria-label', `${direction === 1 ? 'Increase' : 'Reduce'} quantity of ${name}`);
      button.addEventListener('click', () => {
        const next = stepQuantity(input.value, { min: input.min, max: input.max, step: input.step }, direction);
        if (next !== null) {
          input.value = next;
          notify(input);
        }
      });
      return button;
    };
    const minus = makeButton(-1);
    const plus = makeButton(1);
    input.before(minus);
    input.after(plus);
    el.classList.add('quantity--stepper');
    return () => {
      minus.remove();
      plus.remove();
      el.classList.remove('quantity--stepper');
    };
  },
};

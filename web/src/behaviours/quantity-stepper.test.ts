import { getByRole } from '@testing-library/dom';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { behaviours } from './registry';
import { createBehaviourRunner } from './runner';
import { stepQuantity, type QuantityLimits } from './quantity-stepper';

const limits = (min: string, max: string, step: string): QuantityLimits => ({ min, max, step });

describe('stepQuantity (SPEC §5.1)', () => {
  it('adds and removes one step', () => {
    expect(stepQuantity('2', limits('1', '30', '1'), 1)).toBe('3');
    expect(stepQuantity('2', limits('1', '30', '1'), -1)).toBe('1');
  });

  it('counts an empty or non-numeric value as 0', () => {
    expect(stepQuantity('', limits('0', '', '1'), 1)).toBe('1');
    expect(stepQuantity('abc', limits('0', '', '1'), 1)).toBe('1');
    expect(stepQuantity('', limits('0', '', '1'), -1)).toBeNull();
  });

  it('defaults min to 0 and step to 1 when it is any, empty or not numeric', () => {
    expect(stepQuantity('1', limits('', '', 'any'), -1)).toBe('0');
    expect(stepQuantity('0', limits('', '', 'any'), -1)).toBeNull();
    expect(stepQuantity('1', limits('', '', ''), 1)).toBe('2');
    expect(stepQuantity('1', limits('', '', 'x'), 1)).toBe('2');
  });

  it('never goes above max: at or over max plus sets max', () => {
    expect(stepQuantity('30', limits('1', '30', '1'), 1)).toBeNull();
    expect(stepQuantity('35', limits('1', '30', '1'), 1)).toBe('30');
    expect(stepQuantity('29.5', limits('1', '30', '1'), 1)).toBe('30');
    expect(stepQuantity('1000', limits('1', '', '1'), 1)).toBe('1001');
  });

  it('never goes below min: at or under min minus sets min; at 0 or less it does nothing', () => {
    expect(stepQuantity('1', limits('1', '30', '1'), -1)).toBeNull();
    expect(stepQuantity('0', limits('1', '30', '1'), -1)).toBe('1');
    expect(stepQuantity('', limits('2', '30', '1'), -1)).toBe('2');
    expect(stepQuantity('1.5', limits('1', '30', '1'), -1)).toBe('1');
    expect(stepQuantity('0', limits('0', '30', '1'), -1)).toBeNull();
    expect(stepQuantity('-3', limits('0', '30', '1'), -1)).toBeNull();
    expect(stepQuantity('0.5', limits('0', '30', '1'), -1)).toBe('0');
  });

  it("rounds to the step's decimals", () => {
    expect(stepQuantity('0.1', limits('0', '', '0.2'), 1)).toBe('0.3');
    expect(stepQuantity('0.3', limits('0', '', '0.1'), -1)).toBe('0.2');
    expect(stepQuantity('1', limits('0', '', '0.25'), 1)).toBe('1.25');
    expect(stepQuantity('1.26', limits('0', '', '1'), 1)).toBe('2');
  });

  it('plus never passes max and minus never passes min, for generated values', () => {
    for (let min = 0; min <= 3; min += 1) {
      for (let max = min; max <= min + 4; max += 1) {
        for (let v = -2; v <= max + 2; v += 0.5) {
          const at = `${String(v)} in [${String(min)}, ${String(max)}]`;
          const up = stepQuantity(String(v), limits(String(min), String(max), '1'), 1);
          if (up !== null) {
            expect(Number(up), `+ ${at}`).toBeLessThanOrEqual(max);
          }
          const down = stepQuantity(String(v), limits(String(min), String(max), '1'), -1);
          if (down !== null) {
            expect(Number(down), `- ${at}`).toBeGreaterThanOrEqual(min);
            expect(Number(down), `- ${at}`).toBeLessThanOrEqual(Math.max(v, min));
          }
        }
      }
    }
  });
});

function render(html: string): HTMLElement {
  document.body.innerHTML = html;
  createBehaviourRunner(behaviours).attachAll(document.body);
  return document.body;
}

const productQuantity = (value: string, extra = '') => `
  <form class="cart">
    <div class="quantity" data-behaviour="quantity-stepper">
      <label class="visually-hidden" for="quantity_134">Enamel Camp Mug quantity</label>
      <input type="number" id="quantity_134" name="quantity" value="${value}" min="1" max="30" step="1" ${extra}>
    </div>
  </form>`;

describe('quantity-stepper behaviour', () => {
  beforeEach(() => {
    document.body.replaceChildren();
  });

  it('adds − and + buttons named after the product that step the quantity', async () => {
    const body = render(productQuantity('1'));
    const input = getByRole<HTMLInputElement>(body, 'spinbutton', { name: 'Enamel Camp Mug quantity' });
    const plus = getByRole(body, 'button', { name: 'Increase quantity of Enamel Camp Mug' });
    const minus = getByRole(body, 'button', { name: 'Reduce quantity of Enamel Camp Mug' });
    expect(plus.getAttribute('type')).toBe('button');

    await userEvent.click(plus);
    await userEvent.click(plus);
    expect(input.value).toBe('3');
    await userEvent.click(minus);
    expect(input.value).toBe('2');
  });

  it('respects min and max', async () => {
    const body = render(productQuantity('30'));
    const input = getByRole<HTMLInputElement>(body, 'spinbutton', { name: 'Enamel Camp Mug quantity' });
    await userEvent.click(getByRole(body, 'button', { name: 'Increase quantity of Enamel Camp Mug' }));
    expect(input.value).toBe('30');
    input.value = '1';
    await userEvent.click(getByRole(body, 'button', { name: 'Reduce quantity of Enamel Camp Mug' }));
    expect(input.value).toBe('1');
  });

  it('sends input and change events after a step, and none when nothing changed', async () => {
    const body = render(productQuantity('29'));
    const seen: string[] = [];
    const form = body.querySelector('form');
    form?.addEventListener('input', () => seen.push('input'));
    form?.addEventListener('change', () => seen.push('change'));
    const plus = getByRole(body, 'button', { name: 'Increase quantity of Enamel Camp Mug' });

    await userEvent.click(plus);
    expect(seen).toEqual(['input', 'change']);
    await userEvent.click(plus);
    expect(seen).toEqual(['input', 'change']);
  });

  it('raises a value below min on load, except in the cart table', () => {
    const body = render(`${productQuantity('0')}
      <table><tr><td class="product-quantity"><div class="quantity" data-behaviour="quantity-stepper">
        <label for="q1">Beanie quantity</label><input type="number" id="q1" value="0" min="1" step="1">
      </div></td></tr></table>`);
    expect(getByRole<HTMLInputElement>(body, 'spinbutton', { name: 'Enamel Camp Mug quantity' }).value).toBe('1');
    expect(getByRole<HTMLInputElement>(body, 'spinbutton', { name: 'Beanie quantity' }).value).toBe('0');
    getByRole(body, 'button', { name: 'Increase quantity of Beanie' });
  });

  it('does nothing without a number input', () => {
    const warn = vi.spyOn(console, 'error');
    const body = render('<div data-behaviour="quantity-stepper"><input type="hidden" name="quantity" value="1"></div>');
    expect(body.querySelectorAll('button')).toHaveLength(0);
    expect(warn).not.toHaveBeenCalled();
  });
});

import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { fireEvent, getByRole, queryByRole, within } from '@testing-library/dom';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createNoticeStore } from '../core/notices';
import { CURRENCY, makeItem } from '../core/testing/fakeStoreApi';
import { CartLine } from './CartLine';
import { CollapsiblePanel } from './CollapsiblePanel';
import { Money } from './Money';
import { NoticeList } from './NoticeList';
import { QuantitySelector, steppedQuantity } from './QuantitySelector';
import { RemovableChip } from './RemovableChip';
import { TotalsItem } from './TotalsItem';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
let container: HTMLElement;

function render(node: ReactNode): HTMLElement {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => {
    root?.render(node);
  });
  return container;
}

/** A user action, with React's updates flushed inside act() as a browser would paint them. */
async function acting(action: () => Promise<void>): Promise<void> {
  await act(action);
}

afterEach(() => {
  act(() => {
    root?.unmount();
  });
  root = null;
  container.remove();
});

describe('Money', () => {
  it('writes minor units in the currency format, never computing them', () => {
    const el = render(<Money amount="123456" format={{ ...CURRENCY, currency_suffix: ' USD' }} />);
    expect(el.textContent).toBe('$1,234.56 USD');
  });
});

describe('QuantitySelector', () => {
  it('steps within SPEC §5.1 limits', () => {
    expect(steppedQuantity(2, 1, 1, 3, 1)).toBe(3);
    expect(steppedQuantity(3, 1, 1, 3, 1)).toBe(3);
    expect(steppedQuantity(1, -1, 1, 3, 1)).toBe(1);
    expect(steppedQuantity(6, -1, 2, 20, 2)).toBe(4);
    expect(steppedQuantity(4, 1, 0, 20, 0)).toBe(5);
  });

  it('names its controls after the product and reports the next quantity', async () => {
    const onChange = vi.fn();
    const el = render(<QuantitySelector productName="Mug" quantity={2} minimum={1} maximum={3} step={1} onChange={onChange} />);
    const user = userEvent.setup();
    await acting(() => user.click(getByRole(el, 'button', { name: 'Increase quantity of Mug' })));
    await acting(() => user.click(getByRole(el, 'button', { name: 'Reduce quantity of Mug' })));
    expect(onChange.mock.calls).toEqual([[3], [1]]);
    expect(getByRole(el, 'spinbutton', { name: 'Quantity of Mug' })).toHaveProperty('value', '2');
  });

  it('disables minus at the minimum and plus at the maximum', () => {
    const el = render(<QuantitySelector productName="Mug" quantity={3} minimum={3} maximum={3} step={1} onChange={vi.fn()} />);
    expect(getByRole(el, 'button', { name: 'Reduce quantity of Mug' })).toHaveProperty('disabled', true);
    expect(getByRole(el, 'button', { name: 'Increase quantity of Mug' })).toHaveProperty('disabled', true);
  });

  it('sends a typed quantity when the field is left, and nothing when it is invalid', async () => {
    const onChange = vi.fn();
    const el = render(<QuantitySelector productName="Mug" quantity={2} minimum={1} maximum={5} step={1} onChange={onChange} />);
    const user = userEvent.setup();
    const input = getByRole(el, 'spinbutton', { name: 'Quantity of Mug' });
    input.focus();
    // Typed as the browser reports it (user-event's typing does not survive the shared test window).
    const typeValue = (value: string) => {
      act(() => {
        fireEvent.input(input, { target: { value } });
      });
    };
    typeValue('4');
    await acting(() => user.keyboard('{Enter}'));
    expect(onChange.mock.calls).toEqual([[4]]);
    input.focus();
    typeValue('9');
    await acting(() => user.tab());
    expect(onChange.mock.calls).toEqual([[4]]);
  });
});

describe('RemovableChip', () => {
  it('is removed by its button, Backspace or Delete, named Remove "{text}"', async () => {
    const onRemove = vi.fn();
    const el = render(<RemovableChip text="welcome10" onRemove={onRemove} />);
    const user = userEvent.setup();
    const button = getByRole(el, 'button', { name: 'Remove "welcome10"' });
    await acting(() => user.click(button));
    button.focus();
    await acting(() => user.keyboard('{Backspace}'));
    await acting(() => user.keyboard('{Delete}'));
    await acting(() => user.keyboard('a'));
    expect(onRemove).toHaveBeenCalledTimes(3);
  });

  it('is named Remove without text', () => {
    const el = render(<RemovableChip text="" onRemove={vi.fn()} />);
    expect(getByRole(el, 'button', { name: 'Remove' })).toBeTruthy();
  });
});

describe('CollapsiblePanel', () => {
  it('is closed by default and toggled by its button', async () => {
    const el = render(
      <CollapsiblePanel title="Add a coupon">
        <input aria-label="Coupon code" />
      </CollapsiblePanel>,
    );
    const toggle = getByRole(el, 'button', { name: 'Add a coupon' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(queryByRole(el, 'textbox', { name: 'Coupon code' })).toBeNull();
    await acting(() => userEvent.setup().click(toggle));
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(getByRole(el, 'textbox', { name: 'Coupon code' })).toBeTruthy();
  });
});

describe('TotalsItem', () => {
  it('is a group named by its label holding the amount, busy while a change is pending', () => {
    const el = render(<TotalsItem label="Total" kind="total" amount="2165" format={CURRENCY} busy />);
    const row = getByRole(el, 'group', { name: 'Total' });
    expect(row.textContent).toContain('$21.65');
    expect(row.getAttribute('aria-busy')).toBe('true');
  });
});

describe('CartLine', () => {
  const line = (node: ReactNode) => render(<table><tbody>{node}</tbody></table>);

  it('shows the name linked, details, sale and regular price, stock notes and the named controls', async () => {
    const item = makeItem('k', 2, {
      name: 'Hoodie',
      permalink: '/product/hoodie/',
      variation: [{ attribute: 'Color', value: 'Black' }],
      item_data: [{ name: 'Gift wrap', value: 'yes', display: 'Yes' }],
      low_stock_remaining: 3,
      show_backorder_badge: true,
      prices: { ...makeItem('x', 1).prices, price: '1500', regular_price: '2000' },
    });
    const onQuantity = vi.fn();
    const onRemove = vi.fn();
    const el = line(<CartLine item={item} layout="page" pending={false} subtotal="3000" onQuantity={onQuantity} onRemove={onRemove} />);
    expect(getByRole(el, 'link', { name: 'Hoodie' }).getAttribute('href')).toBe('/product/hoodie/');
    expect(el.textContent).toContain('Color:Black');
    expect(el.textContent).toContain('Gift wrap:Yes');
    expect(el.querySelector('del')?.textContent).toContain('$20.00');
    expect(el.querySelector('ins')?.textContent).toContain('$15.00');
    expect(el.textContent).toContain('Only 3 left in stock');
    expect(el.textContent).toContain('Available on backorder');
    expect(el.querySelector('.product-subtotal')?.textContent).toBe('$30.00');
    const user = userEvent.setup();
    await acting(() => user.click(getByRole(el, 'button', { name: 'Increase quantity of Hoodie' })));
    await acting(() => user.click(getByRole(el, 'button', { name: 'Remove Hoodie from cart' })));
    expect(onQuantity).toHaveBeenCalledWith(3);
    expect(onRemove).toHaveBeenCalledTimes(1);
  });

  it('is read-only when sold individually', () => {
    const item = makeItem('k', 1, {
      name: 'Print',
      sold_individually: true,
      variation: [{ attribute: 'Size', value: 'A3' }],
      item_data: [{ name: 'Frame', value: 'oak', display: 'Oak' }],
    });
    const el = render(<ul><CartLine item={item} layout="drawer" pending onQuantity={vi.fn()} onRemove={vi.fn()} /></ul>);
    expect(queryByRole(el, 'spinbutton')).toBeNull();
    expect(el.textContent).toContain('Quantity: 1');
    // In the drawer the details are one line, as the mini cart always showed them.
    expect(el.querySelector('.cart-line__details')?.textContent).toBe('Size: A3, Frame: Oak');
    expect(el.querySelector('li')?.getAttribute('aria-busy')).toBe('true');
    expect(getByRole(el, 'button', { name: 'Remove Print from cart' })).toBeTruthy();
  });
});

describe('NoticeList', () => {
  it('shows banners (not snackbars) with their HTML cut down, errors as alerts, dismissible as a group', async () => {
    const store = createNoticeStore();
    store.createNotice('error', 'First <script>x</script><strong>bad</strong>', { context: 'wc/cart' });
    store.createNotice('error', 'Second', { context: 'wc/cart' });
    store.createNotice('info', 'Gone soon', { context: 'wc/cart', type: 'snackbar' });
    const el = render(<NoticeList notices={store.noticesOf('wc/cart')} store={store} />);
    // The sanitiser loads with the first banner; the banners show once it has.
    await act(async () => {
      await import('../core/sanitize');
    });
    const alert = within(el).getByRole('alert');
    expect(alert.innerHTML).toContain('<strong>bad</strong>');
    expect(alert.innerHTML).not.toContain('script');
    expect(alert.textContent).toContain('Second');
    expect(el.textContent).not.toContain('Gone soon');
    await acting(() => userEvent.setup().click(getByRole(el, 'button', { name: 'Dismiss this notice' })));
    expect(store.noticesOf('wc/cart').map((n) => n.content)).toEqual(['Gone soon']);
    store.stop();
  });
});

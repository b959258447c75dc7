import { getByRole } from '@testing-library/dom';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HOVER_CLOSE_MS, dropdownMenu } from './dropdown-menu';

function nav(): HTMLElement {
  document.body.innerHTML = `
    <nav class="main-menu" aria-label="Main menu">
      <ul class="main-menu__list">
        <li class="menu-item menu-item--parent"><a href="/shop/">Shop</a><button type="button" class="sub-menu-toggle" aria-expanded="false" aria-controls="m1" hidden><span class="sr-text">Shop submenu</span></button>
          <ul class="sub-menu" id="m1">
            <li class="menu-item menu-item--parent"><a href="/c/">Clothing</a><button type="button" class="sub-menu-toggle" aria-expanded="false" aria-controls="m2" hidden><span class="sr-text">Clothing submenu</span></button>
              <ul class="sub-menu" id="m2"><li class="menu-item"><a href="/c/t/">T-shirts</a></li></ul></li>
            <li class="menu-item"><a href="/mugs/">Mugs</a></li>
          </ul></li>
        <li class="menu-item menu-item--parent"><a href="/help/">Help</a><button type="button" class="sub-menu-toggle" aria-expanded="false" aria-controls="m3" hidden><span class="sr-text">Help submenu</span></button>
          <ul class="sub-menu" id="m3"><li class="menu-item"><a href="/contact/">Contact</a></li></ul></li>
        <li class="menu-item"><a href="/sale/">Sale</a></li>
      </ul>
    </nav><a href="/elsewhere/">Elsewhere</a>`;
  const el = document.querySelector<HTMLElement>('nav');
  if (el === null) {
    throw new Error('bad fixture');
  }
  return el;
}

function toggle(root: HTMLElement, name: string): HTMLElement {
  return getByRole(root, 'button', { name });
}

function hoverable(can: boolean): void {
  window.matchMedia = vi.fn().mockImplementation((query: string) => ({ matches: can && query.includes('hover'), media: query }) as MediaQueryList);
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('dropdown-menu behaviour', () => {
  it('shows the toggles, which open and close their sub-menu', async () => {
    const el = nav();
    dropdownMenu.attach(el);
    const shop = toggle(el, 'Shop submenu');
    expect(shop.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(shop);
    expect(shop.getAttribute('aria-expanded')).toBe('true');
    expect(shop.closest('li')?.classList.contains('is-open')).toBe(true);
    await userEvent.click(shop);
    expect(shop.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens with Space from the keyboard and closes a sibling that was open', async () => {
    const el = nav();
    dropdownMenu.attach(el);
    await userEvent.click(toggle(el, 'Shop submenu'));
    toggle(el, 'Help submenu').focus();
    await userEvent.keyboard(' ');
    expect(toggle(el, 'Help submenu').getAttribute('aria-expanded')).toBe('true');
    expect(toggle(el, 'Shop submenu').getAttribute('aria-expanded')).toBe('false');
  });

  it('moves with the arrows inside an open sub-menu; Escape closes the innermost and focuses its toggle', async () => {
    const el = nav();
    dropdownMenu.attach(el);
    const shop = toggle(el, 'Shop submenu');
    await userEvent.click(shop);
    // jsdom lays nothing out: every element counts as visible.
    vi.spyOn(HTMLElement.prototype, 'getClientRects').mockReturnValue([{}] as unknown as DOMRectList);
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Clothing');
    await userEvent.keyboard('{ArrowDown}');
    const clothing = toggle(el, 'Clothing submenu');
    expect(document.activeElement).toBe(clothing);
    await userEvent.keyboard('{Enter}');
    expect(clothing.getAttribute('aria-expanded')).toBe('true');
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('T-shirts');
    await userEvent.keyboard('{Escape}');
    expect(clothing.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(clothing);
    expect(shop.getAttribute('aria-expanded')).toBe('true');
    await userEvent.keyboard('{Escape}');
    expect(shop.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(shop);
  });

  it('closes when focus or a click leaves the item', async () => {
    const el = nav();
    dropdownMenu.attach(el);
    const shop = toggle(el, 'Shop submenu');
    await userEvent.click(shop);
    getByRole(el, 'link', { name: 'Sale' }).focus();
    expect(shop.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(shop);
    await userEvent.click(getByRole(document.body, 'link', { name: 'Elsewhere' }));
    expect(shop.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens on hover with a mouse where the device can hover, and closes 70 ms after the pointer leaves', () => {
    hoverable(true);
    vi.useFakeTimers();
    const el = nav();
    dropdownMenu.attach(el);
    const item = toggle(el, 'Shop submenu').closest('li');
    if (item === null) {
      throw new Error('no item');
    }
    item.dispatchEvent(new PointerEvent('pointerenter', { pointerType: 'mouse' }));
    expect(toggle(el, 'Shop submenu').getAttribute('aria-expanded')).toBe('true');
    item.dispatchEvent(new PointerEvent('pointerleave', { pointerType: 'mouse' }));
    vi.advanceTimersByTime(HOVER_CLOSE_MS - 1);
    expect(toggle(el, 'Shop submenu').getAttribute('aria-expanded')).toBe('true');
    vi.advanceTimersByTime(1);
    expect(toggle(el, 'Shop submenu').getAttribute('aria-expanded')).toBe('false');
  });

  it('does not open on touch or where the device cannot hover', () => {
    hoverable(false);
    const el = nav();
    dropdownMenu.attach(el);
    const item = toggle(el, 'Shop submenu').closest('li');
    item?.dispatchEvent(new PointerEvent('pointerenter', { pointerType: 'mouse' }));
    item?.dispatchEvent(new PointerEvent('pointerenter', { pointerType: 'touch' }));
    expect(toggle(el, 'Shop submenu').getAttribute('aria-expanded')).toBe('false');
  });

  it('undoes itself: toggles hidden again, sub-menus closed', async () => {
    const el = nav();
    const detach = dropdownMenu.attach(el);
    await userEvent.click(toggle(el, 'Shop submenu'));
    if (typeof detach === 'function') detach();
    expect(el.querySelector('.is-open')).toBeNull();
    expect(el.querySelector<HTMLElement>('.sub-menu-toggle')?.hidden).toBe(true);
    expect(el.classList.contains('main-menu--enhanced')).toBe(false);
  });
});

import { getByRole, queryByRole } from '@testing-library/dom';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { levelMoveFor, mobileMenu } from './mobile-menu';

// The server's markup (partials/header.html) for a Shop item with a Clothing sub-menu.
function header(): HTMLAnchorElement {
  document.body.innerHTML = `
    <header><a class="menu-toggle" href="/menu/" data-behaviour="mobile-menu" data-dialog="mobile-menu">Menu</a></header>
    <dialog class="mobile-menu" id="mobile-menu" aria-label="Menu">
      <div class="mobile-menu__bar"><button type="button" class="mobile-menu__close" data-close><span class="sr-text">Close menu</span></button></div>
      <div class="mobile-menu__levels">
        <div class="mobile-menu__level" id="mobile-menu-0"><div class="mobile-menu__head"><h2 class="mobile-menu__title" tabindex="-1">Main menu</h2></div>
          <ul><li><a href="/shop/">Shop</a><button type="button" class="mobile-menu__next" aria-expanded="false" aria-controls="mobile-menu-1"><span class="sr-text">Shop submenu</span></button></li>
            <li><a href="/sale/">Sale</a></li></ul></div>
        <div class="mobile-menu__level" id="mobile-menu-1" hidden><div class="mobile-menu__head"><button type="button" class="mobile-menu__back" data-back="mobile-menu-0"><span class="sr-text">Back to</span> Main menu</button><h2 class="mobile-menu__title" tabindex="-1">Shop</h2></div>
          <ul><li><a href="/c/">Clothing</a><button type="button" class="mobile-menu__next" aria-expanded="false" aria-controls="mobile-menu-2"><span class="sr-text">Clothing submenu</span></button></li></ul></div>
        <div class="mobile-menu__level" id="mobile-menu-2" hidden><div class="mobile-menu__head"><button type="button" class="mobile-menu__back" data-back="mobile-menu-1"><span class="sr-text">Back to</span> Shop</button><h2 class="mobile-menu__title" tabindex="-1">Clothing</h2></div>
          <ul><li><a href="/c/t/">T-shirts</a></li></ul></div>
      </div>
      <p><a href="/my-account/">Log in</a></p>
    </dialog>`;
  const link = document.querySelector<HTMLAnchorElement>('.menu-toggle');
  if (link === null) {
    throw new Error('bad fixture');
  }
  return link;
}

function dialog(): HTMLDialogElement {
  const el = document.querySelector('dialog');
  if (!(el instanceof HTMLDialogElement)) {
    throw new Error('no dialog');
  }
  return el;
}

function visibleLevel(): string | undefined {
  return [...document.querySelectorAll<HTMLElement>('.mobile-menu__level')].filter((l) => !l.hidden).map((l) => l.id)[0];
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
  window.matchMedia = vi.fn((query: string) => ({ matches: false, media: query }) as MediaQueryList);
  vi.spyOn(HTMLElement.prototype, 'getClientRects').mockReturnValue([{}] as unknown as DOMRectList);
});

describe('levelMoveFor', () => {
  it('reads the level a submenu button or a back button asks for', () => {
    header();
    const next = document.querySelector('[aria-controls="mobile-menu-1"] .sr-text');
    const back = document.querySelector('[data-back="mobile-menu-1"]');
    expect(next && levelMoveFor(next)).toEqual({ show: 'mobile-menu-1', from: 'forward', focus: 'title' });
    expect(back && levelMoveFor(back)).toEqual({ show: 'mobile-menu-1', from: 'back', focus: 'opener' });
    expect(levelMoveFor(document.body)).toBeNull();
  });
});

describe('mobile-menu behaviour', () => {
  it('turns the Menu link into a button that opens the dialog at the top level', async () => {
    const link = header();
    mobileMenu.attach(link);
    expect(queryByRole(document.body, 'link', { name: 'Menu' })).toBeNull();
    const button = getByRole(document.body, 'button', { name: 'Menu' });
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    await userEvent.click(button);
    expect(dialog().open).toBe(true);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(visibleLevel()).toBe('mobile-menu-0');
    expect(document.activeElement?.textContent).toBe('Shop');
  });

  it('slides level by level and back, focusing the level shown and then the button that opened it', async () => {
    mobileMenu.attach(header());
    await userEvent.click(getByRole(document.body, 'button', { name: 'Menu' }));
    const shop = getByRole(dialog(), 'button', { name: 'Shop submenu' });
    await userEvent.click(shop);
    expect(visibleLevel()).toBe('mobile-menu-1');
    expect(shop.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement?.textContent).toBe('Shop');
    expect(document.getElementById('mobile-menu-1')?.classList.contains('is-entering-forward')).toBe(true);
    await userEvent.click(getByRole(dialog(), 'button', { name: 'Clothing submenu' }));
    expect(visibleLevel()).toBe('mobile-menu-2');
    await userEvent.click(getByRole(dialog(), 'button', { name: 'Back to Shop' }));
    expect(visibleLevel()).toBe('mobile-menu-1');
    expect(document.activeElement).toBe(getByRole(dialog(), 'button', { name: 'Clothing submenu' }));
    await userEvent.click(getByRole(dialog(), 'button', { name: 'Back to Main menu' }));
    expect(visibleLevel()).toBe('mobile-menu-0');
    expect(document.activeElement).toBe(shop);
    expect(shop.getAttribute('aria-expanded')).toBe('false');
  });

  it('does not slide when the shopper prefers reduced motion', async () => {
    window.matchMedia = vi.fn((query: string) => ({ matches: query.includes('reduce'), media: query }) as MediaQueryList);
    mobileMenu.attach(header());
    await userEvent.click(getByRole(document.body, 'button', { name: 'Menu' }));
    await userEvent.click(getByRole(dialog(), 'button', { name: 'Shop submenu' }));
    expect(document.getElementById('mobile-menu-1')?.className).toBe('mobile-menu__level');
  });

  it('keeps Tab inside, and closing returns focus to Menu and the next opening starts at the top', async () => {
    mobileMenu.attach(header());
    const button = getByRole(document.body, 'button', { name: 'Menu' });
    await userEvent.click(button);
    await userEvent.click(getByRole(dialog(), 'button', { name: 'Shop submenu' }));
    getByRole(dialog(), 'link', { name: 'Log in' }).focus();
    await userEvent.tab();
    expect(document.activeElement).toBe(getByRole(dialog(), 'button', { name: 'Close menu' }));
    await userEvent.tab({ shift: true });
    expect(document.activeElement?.textContent).toBe('Log in');
    await userEvent.click(getByRole(dialog(), 'button', { name: 'Close menu' }));
    expect(dialog().open).toBe(false);
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(button);
    expect(visibleLevel()).toBe('mobile-menu-0');
  });

  it('leaves the link alone where the browser has no modal dialogs', () => {
    const link = header();
    // @ts-expect-error -- an old browser
    HTMLDialogElement.prototype.showModal = undefined;
    mobileMenu.attach(link);
    expect(getByRole(document.body, 'link', { name: 'Menu' })).toBe(link);
  });
});

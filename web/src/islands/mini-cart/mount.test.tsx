import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCartRuntime, parseCartSettings, type CartRuntime } from '../../core';
import { mount } from './index';

// The loader stops holding the header link's clicks as soon as `mount` returns; React runs
// the drawer's effects later. A click in that gap used to follow the link to /cart/ (the
// occasional e2e stall of docs/testing.md, 2026-11-24).

function header(): { el: HTMLElement; link: HTMLAnchorElement } {
  document.body.innerHTML = `
    <div class="header-cart-wrap" data-island="mini-cart">
      <a class="header-cart" href="/cart/">Cart, 1 item, $18.00</a>
    </div>`;
  const el = document.querySelector<HTMLElement>('[data-island="mini-cart"]');
  const link = document.querySelector<HTMLAnchorElement>('a.header-cart');
  if (el === null || link === null) throw new Error('no header');
  return { el, link };
}

function click(link: HTMLAnchorElement, init: MouseEventInit = {}): MouseEvent {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
  link.dispatchEvent(event);
  return event;
}

let runtime: CartRuntime;

beforeEach(() => {
  runtime = createCartRuntime({ settings: parseCartSettings(null), fetch: () => new Promise<Response>(() => undefined) });
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  // jsdom has no modal dialogs: open as the browser does, minus the top layer.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.show = function show(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
  vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => undefined)));
});

afterEach(() => {
  runtime.stop();
  document.body.innerHTML = '';
});

describe('the mini cart island', () => {
  it('takes a click on the header link made before React has run its effects', async () => {
    const { el, link } = header();
    let cleanup: (() => void) | undefined;
    let early: MouseEvent | undefined;
    await act(async () => {
      const result = mount(el, {}, { activatedBy: 'request', runtime });
      cleanup = typeof result === 'function' ? result : undefined;
      early = click(link);
      await Promise.resolve();
    });
    expect(early?.defaultPrevented, 'the link is not followed').toBe(true);
    expect(link.getAttribute('aria-haspopup')).toBe('dialog');
    const drawer = el.querySelector('dialog');
    expect(drawer?.hasAttribute('open'), 'the drawer opened for the early click').toBe(true);
    act(() => cleanup?.());
    expect(link.hasAttribute('aria-haspopup')).toBe(false);
    expect(click(link).defaultPrevented, 'after unmounting the link is a link again').toBe(false);
  });

  it('leaves a modified click to the browser (new tab, new window)', async () => {
    const { el, link } = header();
    await act(async () => {
      mount(el, {}, { activatedBy: null, runtime });
      await Promise.resolve();
    });
    expect(click(link, { ctrlKey: true }).defaultPrevented).toBe(false);
    expect(click(link, { button: 1 }).defaultPrevented).toBe(false);
    expect(click(link).defaultPrevented).toBe(true);
  });
});

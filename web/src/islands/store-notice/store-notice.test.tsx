import { findByRole, getByText, queryByRole } from '@testing-library/dom';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getCookie } from '../../lib/cookies';
import { createIslandLoader } from '../loader';
import { islands } from '../registry';
import { mount } from '.';

const PROPS = { id: '3f2a9c', text: 'Free shipping on orders over $100' };

/** The markup the server writes, no-JS dismiss link included. */
function serverNotice(props: string = JSON.stringify(PROPS)): HTMLElement {
  const template = document.createElement('template');
  template.innerHTML = `
    <div class="store-notice" role="region" aria-label="Store notice" data-island="store-notice">
      <p class="store-notice__text">Free shipping on orders over $100</p>
      <a class="store-notice__dismiss" href="/?mercato-dismiss-notice=3f2a9c" rel="nofollow">Dismiss</a>
    </div>`;
  const el = template.content.firstElementChild;
  if (!(el instanceof HTMLElement)) {
    throw new Error('bad fixture');
  }
  el.dataset.islandProps = props;
  document.body.append(el);
  return el;
}

let cleanup: (() => void) | undefined;

beforeEach(() => {
  document.body.replaceChildren();
});

afterEach(() => {
  cleanup?.();
  cleanup = undefined;
  document.cookie = 'store_notice3f2a9c=; path=/; max-age=0';
});

describe('store-notice island', () => {
  it('renders the text and a real Dismiss button in place of the no-JS link', async () => {
    const el = serverNotice();

    cleanup = mount(el, PROPS);

    const button = await findByRole(el, 'button', { name: 'Dismiss' });
    expect(button.getAttribute('type')).toBe('button');
    expect(button.classList.contains('store-notice__dismiss')).toBe(true);
    expect(getByText(el, PROPS.text).classList.contains('store-notice__text')).toBe(true);
    expect(queryByRole(el, 'link')).toBeNull();
    expect(el.hidden).toBe(false);
  });

  it('remembers the dismissal in the store_notice{id} session cookie and hides the banner', async () => {
    const writes = vi.spyOn(Document.prototype, 'cookie', 'set');
    const el = serverNotice();
    cleanup = mount(el, PROPS);

    await userEvent.click(await findByRole(el, 'button', { name: 'Dismiss' }));

    expect(getCookie('store_notice3f2a9c')).toBe('hidden');
    expect(writes).toHaveBeenCalledWith('store_notice3f2a9c=hidden; path=/; SameSite=Lax');
    expect(el.hidden).toBe(true);
  });

  it('shows the text as text, never as markup', async () => {
    const el = serverNotice();
    const text = '<img src=x onerror=alert(1)> 50% off';

    cleanup = mount(el, { id: 'abc', text });

    await findByRole(el, 'button', { name: 'Dismiss' });
    expect(getByText(el, text).tagName).toBe('P');
    expect(el.querySelector('img')).toBeNull();
  });

  it.each([
    ['not an object', 'hello'],
    ['no id', { text: 'x' }],
    ['an id that cannot be part of a cookie name', { id: 'a;b', text: 'x' }],
    ['a text that is not a string', { id: 'abc', text: 5 }],
  ])('refuses props that are %s and leaves the server markup', (_, props) => {
    const el = serverNotice();
    const before = el.innerHTML;

    expect(() => mount(el, props)).toThrow(TypeError);
    expect(el.innerHTML).toBe(before);
  });

  it('is mounted by the loader from the server markup', async () => {
    const el = serverNotice();
    const loader = createIslandLoader(islands);

    await loader.mountIslands(document.body);

    expect(el.dataset.islandState).toBe('mounted');
    await findByRole(el, 'button', { name: 'Dismiss' });
    expect(getByText(el, PROPS.text)).toBeTruthy();
  });
});

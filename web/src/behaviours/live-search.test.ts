import { getAllByRole, getByRole, queryAllByRole } from '@testing-library/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { attachLiveSearch, HIDE_AFTER_BLUR_MS, SEARCH_ACTION, SEE_ALL, type Suggestion } from './live-search';
import { behaviours } from './registry';
import { createBehaviourRunner } from './runner';

const LATENCY = 300;

/** The form the server writes (partials/search_form.html), with a category selector if asked. */
function serverForm(withCategory = false): HTMLFormElement {
  const template = document.createElement('template');
  template.innerHTML = `
    <form class="search-form" role="search" method="get" action="/" data-behaviour="live-search">
      <label class="visually-hidden" for="header-search">Search products</label>
      <input type="search" id="header-search" name="s" value="" placeholder="Search products…" autocomplete="off" minlength="1">
      ${withCategory ? '<select name="product_cat" aria-label="Category"><option value="">All</option><option value="mugs">Mugs</option></select>' : ''}
      <input type="hidden" name="post_type" value="product">
      <button type="submit">Search</button>
    </form>`;
  const form = template.content.firstElementChild;
  if (!(form instanceof HTMLFormElement)) {
    throw new Error('bad fixture');
  }
  document.body.append(form);
  return form;
}

interface Call {
  readonly url: URL;
  readonly signal: AbortSignal;
  /** Answers the request with `suggestions` and lets the page handle the reply. */
  reply(suggestions: readonly Suggestion[], status?: number): Promise<void>;
}

/** A fake endpoint: every request waits until the test answers it; an abort rejects it. */
function fakeEndpoint(): { calls: Call[]; fetch: (url: string, init: RequestInit) => Promise<Response> } {
  const calls: Call[] = [];
  const fetch = (url: string, init: RequestInit): Promise<Response> =>
    new Promise((resolve, reject) => {
      const signal = init.signal ?? new AbortController().signal;
      signal.addEventListener('abort', () => {
        reject(new DOMException('The operation was aborted.', 'AbortError'));
      });
      calls.push({
        url: new URL(url),
        signal,
        async reply(suggestions, status = 200) {
          const headers = { 'Content-Type': 'application/json' };
          resolve(new Response(JSON.stringify({ suggestions }), { status, headers }));
          await vi.advanceTimersByTimeAsync(0);
        },
      });
    });
  return { calls, fetch };
}

const hoodies: Suggestion[] = [
  { id: 11, value: 'Classic Zip Hoodie', url: 'http://localhost:3000/product/classic-zip-hoodie/', price: '$64.00' },
  { id: 12, value: 'Heavyweight Pullover Hoodie', url: 'http://localhost:3000/product/pullover/', price: '$72.00' },
  { id: 13, value: 'Cropped Hoodie', url: 'http://localhost:3000/product/cropped-hoodie/' },
];
const nothing: Suggestion[] = [{ id: -1, value: 'No products found.', url: '#' }];

function setUp(withCategory = false) {
  const form = serverForm(withCategory);
  const endpoint = fakeEndpoint();
  const navigate = vi.fn<(url: string) => void>();
  attachLiveSearch(form, { ajaxUrl: '/wp-admin/admin-ajax.php', latency: LATENCY, fetch: endpoint.fetch, navigate });
  const input = getByRole<HTMLInputElement>(form, 'combobox', { name: 'Search products' });
  input.focus();
  const listbox = (): HTMLElement => getByRole(form, 'listbox', { hidden: true });
  return { form, input, listbox, navigate, calls: endpoint.calls };
}

/** Puts `text` in the field as typing would, firing `input`. */
function type(input: HTMLInputElement, text: string): void {
  input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Presses `key` in the field; true when the behaviour took it (the default was prevented). */
function press(input: HTMLInputElement, key: string): boolean {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
  input.dispatchEvent(event);
  return event.defaultPrevented;
}

const optionNames = (listbox: HTMLElement): string[] =>
  queryAllByRole(listbox, 'option').map((o) => o.textContent);

beforeEach(() => {
  vi.useFakeTimers();
  document.body.replaceChildren();
  // jsdom lays nothing out, so it has no scrolling.
  Element.prototype.scrollIntoView = vi.fn();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('live-search behaviour', () => {
  it('makes the server form’s field a combobox controlling a hidden listbox, once the shopper reaches for it', async () => {
    const form = serverForm();
    createBehaviourRunner(behaviours).attachAll(document.body);
    await vi.advanceTimersByTimeAsync(0);
    expect(form.dataset.behaviourState, 'its code is not fetched with the page').toBe('waiting');
    expect(queryAllByRole(document.body, 'combobox')).toHaveLength(0);

    getByRole<HTMLInputElement>(form, 'searchbox', { name: 'Search products' }).focus();
    await vi.waitFor(() => {
      expect(form.dataset.behaviourState).toBe('attached');
    });
    const input = getByRole(document.body, 'combobox', { name: 'Search products' });
    expect(input.getAttribute('aria-autocomplete')).toBe('list');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    const listbox = getByRole(document.body, 'listbox', { hidden: true });
    expect(input.getAttribute('aria-controls')).toBe(listbox.id);
    expect(listbox.hidden).toBe(true);
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);
  });

  it('searches only from 3 characters, and only after search_result_latency', async () => {
    const { input, listbox, calls } = setUp();
    type(input, 'ho');
    await vi.advanceTimersByTimeAsync(LATENCY * 3);
    expect(calls).toHaveLength(0);
    type(input, '  ho  ');
    await vi.advanceTimersByTimeAsync(LATENCY * 3);
    expect(calls).toHaveLength(0);

    type(input, 'hoo');
    await vi.advanceTimersByTimeAsync(LATENCY - 1);
    expect(calls).toHaveLength(0);
    type(input, 'hood');
    await vi.advanceTimersByTimeAsync(LATENCY - 1);
    expect(calls, 'each keystroke restarts the wait').toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(1);
    const url = calls[0]?.url;
    expect(url?.pathname).toBe('/wp-admin/admin-ajax.php');
    expect(url?.searchParams.get('action')).toBe(SEARCH_ACTION);
    expect(url?.searchParams.get('query')).toBe('hood');
    expect(url?.searchParams.has('product_cat')).toBe(false);

    await calls[0]?.reply(hoodies);
    expect(listbox().hidden).toBe(false);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(optionNames(listbox())).toEqual([
      'Classic Zip Hoodie $64.00',
      'Heavyweight Pullover Hoodie $72.00',
      'Cropped Hoodie',
      SEE_ALL,
    ]);
    getByRole(listbox(), 'option', { name: 'Classic Zip Hoodie $64.00' });

    type(input, 'ho');
    expect(listbox().hidden, 'fewer than 3 characters close the list').toBe(true);
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('searches text typed before it attached, at once', async () => {
    const form = serverForm();
    const field = getByRole<HTMLInputElement>(form, 'searchbox', { name: 'Search products' });
    field.focus();
    field.value = 'hoodie';
    const endpoint = fakeEndpoint();
    attachLiveSearch(form, { ajaxUrl: '/wp-admin/admin-ajax.php', latency: LATENCY, fetch: endpoint.fetch, navigate: vi.fn() });
    await vi.advanceTimersByTimeAsync(LATENCY);
    expect(endpoint.calls.map((call) => call.url.searchParams.get('query'))).toEqual(['hoodie']);
    await endpoint.calls[0]?.reply(hoodies);
    expect(getByRole(form, 'combobox', { name: 'Search products' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('does not search a field that is not being used when it attaches', async () => {
    const form = serverForm();
    getByRole<HTMLInputElement>(form, 'searchbox', { name: 'Search products' }).value = 'hoodie';
    const endpoint = fakeEndpoint();
    attachLiveSearch(form, { ajaxUrl: '/wp-admin/admin-ajax.php', latency: LATENCY, fetch: endpoint.fetch, navigate: vi.fn() });
    await vi.advanceTimersByTimeAsync(LATENCY * 2);
    expect(endpoint.calls).toHaveLength(0);
  });

  it('aborts a stale request and never shows its reply', async () => {
    const { input, listbox, calls } = setUp();
    type(input, 'hoo');
    await vi.advanceTimersByTimeAsync(LATENCY);
    type(input, 'mug');
    expect(calls[0]?.signal.aborted, 'aborted as soon as the text changes').toBe(true);
    await vi.advanceTimersByTimeAsync(LATENCY);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.signal.aborted).toBe(false);
    await calls[1]?.reply([{ id: 5, value: 'Enamel Camp Mug', url: '/product/enamel-camp-mug/' }]);
    expect(optionNames(listbox())).toEqual(['Enamel Camp Mug', SEE_ALL]);
  });

  it('caches replies per URL', async () => {
    const { input, listbox, calls } = setUp();
    type(input, 'hoodie');
    await vi.advanceTimersByTimeAsync(LATENCY);
    await calls[0]?.reply(hoodies);
    type(input, 'hoodies');
    await vi.advanceTimersByTimeAsync(LATENCY);
    await calls[1]?.reply(hoodies.slice(0, 1));
    expect(optionNames(listbox())).toEqual(['Classic Zip Hoodie $64.00', SEE_ALL]);

    type(input, 'hoodie');
    expect(optionNames(listbox()), 'shown at once from the cache').toHaveLength(4);
    await vi.advanceTimersByTimeAsync(LATENCY * 3);
    expect(calls).toHaveLength(2);
  });

  it('shows No results, and does not ask again for text starting with a query that found nothing', async () => {
    const { input, listbox, calls } = setUp();
    type(input, 'Xyz');
    await vi.advanceTimersByTimeAsync(LATENCY);
    await calls[0]?.reply(nothing);
    const none = getByRole(listbox(), 'option', { name: 'No results' });
    expect(none.getAttribute('aria-disabled')).toBe('true');
    expect(press(input, 'ArrowDown'), 'nothing to move to').toBe(true);
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);

    type(input, 'xyzw');
    await vi.advanceTimersByTimeAsync(LATENCY * 3);
    expect(calls).toHaveLength(1);
    getByRole(listbox(), 'option', { name: 'No results' });

    type(input, 'xyw');
    await vi.advanceTimersByTimeAsync(LATENCY);
    expect(calls, 'not a longer form of the fruitless query').toHaveLength(2);
  });

  it('moves the active option with the arrows, goes to it on Enter, closes on Escape', async () => {
    const { input, listbox, navigate, calls } = setUp();
    type(input, 'hoodie');
    await vi.advanceTimersByTimeAsync(LATENCY);
    await calls[0]?.reply(hoodies);
    const [first, second, , all] = getAllByRole(listbox(), 'option');
    const activeId = (): string | null => input.getAttribute('aria-activedescendant');
    const selected = (): string[] =>
      getAllByRole(listbox(), 'option', { selected: true }).map((o) => o.textContent);

    expect(press(input, 'ArrowDown')).toBe(true);
    expect(activeId()).toBe(first?.id);
    expect(selected()).toEqual(['Classic Zip Hoodie $64.00']);
    press(input, 'ArrowDown');
    press(input, 'ArrowDown');
    press(input, 'ArrowDown');
    press(input, 'ArrowDown');
    expect(activeId(), 'stays on the last, See all results').toBe(all?.id);
    press(input, 'ArrowUp');
    press(input, 'ArrowUp');
    expect(activeId()).toBe(second?.id);
    expect(document.activeElement, 'focus stays in the field').toBe(input);

    expect(press(input, 'Enter')).toBe(true);
    expect(navigate).toHaveBeenCalledWith('http://localhost:3000/product/pullover/');

    expect(press(input, 'Escape')).toBe(true);
    expect(listbox().hidden).toBe(true);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(activeId()).toBeNull();
    expect(press(input, 'Enter'), 'a closed list leaves Enter to the form').toBe(false);

    press(input, 'ArrowDown');
    expect(listbox().hidden, 'Down opens it again').toBe(false);
    press(input, 'ArrowUp');
    expect(activeId(), 'Up from the first returns to the text').toBeNull();
  });

  it('keeps the shopper’s arrow choice when a reply for longer text still lists it, and drops it when not', async () => {
    const { input, listbox, calls } = setUp();
    const selected = (): string[] =>
      queryAllByRole(listbox(), 'option', { selected: true }).map((o) => o.textContent);
    type(input, 'hood');
    await vi.advanceTimersByTimeAsync(LATENCY);
    await calls[0]?.reply(hoodies);
    // The shopper typed on; before the new reply came, the arrows chose Cropped Hoodie.
    type(input, 'hoodie');
    press(input, 'ArrowDown');
    press(input, 'ArrowDown');
    press(input, 'ArrowDown');
    expect(selected()).toEqual(['Cropped Hoodie']);
    await vi.advanceTimersByTimeAsync(LATENCY);
    await calls[1]?.reply([hoodies[2], hoodies[0]].filter((s) => s !== undefined));
    expect(optionNames(listbox())).toEqual(['Cropped Hoodie', 'Classic Zip Hoodie $64.00', SEE_ALL]);
    expect(selected(), 'still the shopper’s choice').toEqual(['Cropped Hoodie']);
    const [first] = getAllByRole(listbox(), 'option');
    expect(input.getAttribute('aria-activedescendant')).toBe(first?.id);

    type(input, 'hoodies');
    await vi.advanceTimersByTimeAsync(LATENCY);
    await calls[2]?.reply(hoodies.slice(0, 2));
    expect(selected(), 'no longer listed: nothing chosen').toEqual([]);
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);
  });

  it('ends the list with See all results, which submits the search as typed', async () => {
    const { input, listbox, navigate, calls } = setUp();
    const form = input.form;
    const submitted = vi.fn((event: Event) => {
      event.preventDefault();
    });
    form?.addEventListener('submit', submitted);
    type(input, 'hoodie');
    await vi.advanceTimersByTimeAsync(LATENCY);
    await calls[0]?.reply(hoodies);
    expect(optionNames(listbox()).at(-1)).toBe(SEE_ALL);
    getByRole(listbox(), 'option', { name: SEE_ALL }).click();
    expect(submitted).toHaveBeenCalledTimes(1);
    expect(navigate).not.toHaveBeenCalled();
    expect(listbox().hidden).toBe(true);
  });

  it('never selects a suggestion because the text matches it exactly: Enter submits the form', async () => {
    const { input, listbox, navigate, calls } = setUp();
    type(input, 'Cropped Hoodie');
    await vi.advanceTimersByTimeAsync(LATENCY);
    await calls[0]?.reply(hoodies.slice(2));
    getByRole(listbox(), 'option', { name: 'Cropped Hoodie' });
    expect(queryAllByRole(listbox(), 'option', { selected: true })).toEqual([]);
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);
    expect(press(input, 'Enter')).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('goes to a clicked suggestion, and hides the list 200 ms after the field loses focus', async () => {
    const { input, listbox, navigate, calls } = setUp();
    type(input, 'hoodie');
    await vi.advanceTimersByTimeAsync(LATENCY);
    await calls[0]?.reply(hoodies);
    getByRole(listbox(), 'option', { name: 'Cropped Hoodie' }).click();
    expect(navigate).toHaveBeenCalledWith('http://localhost:3000/product/cropped-hoodie/');

    input.blur();
    await vi.advanceTimersByTimeAsync(HIDE_AFTER_BLUR_MS - 1);
    expect(listbox().hidden).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(listbox().hidden).toBe(true);

    input.focus();
    expect(listbox().hidden, 'back in the field, the cached suggestions return').toBe(false);
    expect(calls).toHaveLength(1);
  });

  it('writes server text as text and rebuilds only the meaning of the price HTML', async () => {
    const { input, listbox, navigate, calls } = setUp();
    type(input, 'evil');
    await vi.advanceTimersByTimeAsync(LATENCY);
    await calls[0]?.reply([
      {
        id: 1,
        value: '<img src=x onerror=alert(1)>',
        url: 'javascript:alert(1)',
        img: 'javascript:alert(2)',
        price:
          '<del aria-hidden="true"><span class="woocommerce-Price-amount amount" onclick="x()"><bdi>$30.00</bdi></span></del> <span class="screen-reader-text">Original price was: $30.00.</span><ins aria-hidden="true">$25.00</ins><script>alert(3)</script>',
      },
    ]);
    const option = getByRole(listbox(), 'option', { name: /^<img src=x onerror=alert\(1\)> / });
    expect(option.querySelector('img'), 'no image from a javascript: URL').toBeNull();
    expect(option.querySelector('script, [onclick], .amount')).toBeNull();
    expect(option.querySelector('del')?.textContent).toBe('$30.00');
    expect(option.querySelector('ins')?.textContent).toBe('$25.00');
    expect(option.querySelector('.screen-reader-text')?.textContent).toBe('Original price was: $30.00.');
    press(input, 'ArrowDown');
    press(input, 'Enter');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('closes the list when a request fails, and asks again next time', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { input, listbox, calls } = setUp();
    type(input, 'hoodie');
    await vi.advanceTimersByTimeAsync(LATENCY);
    await calls[0]?.reply(hoodies);
    type(input, 'hoodies');
    await vi.advanceTimersByTimeAsync(LATENCY);
    await calls[1]?.reply([], 500);
    expect(listbox().hidden, 'suggestions for older text would mislead').toBe(true);
    expect(warn).toHaveBeenCalledOnce();

    type(input, 'hoodie');
    type(input, 'hoodies');
    await vi.advanceTimersByTimeAsync(LATENCY);
    expect(calls, 'a failure is neither cached nor taken as finding nothing').toHaveLength(3);
  });

  it('searches again within the chosen category when it changes', async () => {
    const { form, input, calls } = setUp(true);
    type(input, 'enamel');
    await vi.advanceTimersByTimeAsync(LATENCY);
    await calls[0]?.reply(hoodies);
    const select = getByRole<HTMLSelectElement>(form, 'combobox', { name: 'Category' });
    select.value = 'mugs';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await vi.advanceTimersByTimeAsync(LATENCY);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.url.searchParams.get('product_cat')).toBe('mugs');
    expect(calls[1]?.url.searchParams.get('query')).toBe('enamel');
  });
});

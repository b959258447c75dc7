// Live product search in the header (SPEC §7.2 item 2, §5.8, §9.7). The server's search form
// stays a plain GET form that works without JavaScript; this behaviour makes its text field a
// WAI-ARIA combobox (the APG "list autocomplete with manual selection" pattern) whose listbox
// shows the theme AJAX endpoint's suggestions. Markup: `data-behaviour="live-search"` on the
// form, an `input[name="s"]` inside it, optionally a `select[name="product_cat"]`.

import './live-search.css';
import { isRecord } from '../lib/guards';
import { storefrontSettings } from '../core/settings';
import type { Behaviour } from './types';

/** The theme action (SPEC §7.2: `{theme}_ajax_search_products`). */
export const SEARCH_ACTION = 'mercato_ajax_search_products';
/** SPEC §5.8 and §9.7: shorter text is not searched. */
export const MIN_CHARS = 3;
/** SPEC §9.7: the suggestions hide this long after the field loses focus. */
export const HIDE_AFTER_BLUR_MS = 200;
/** SPEC §8.1: the entry shown when nothing matches. */
export const NO_RESULTS = 'No results';
/** The last option when something was found: the results page for the typed text. */
export const SEE_ALL = 'See all results';

/** A search suggestion (SPEC §3.2); id -1 is not a real product. */
export interface Suggestion {
  readonly id: number;
  readonly value: string;
  readonly url: string;
  readonly img?: string | undefined;
  readonly price?: string | undefined;
}

export interface LiveSearchOptions {
  /** The theme AJAX endpoint. */
  readonly ajaxUrl: string;
  /** `search_result_latency`: ms after the last change before a request is sent. */
  readonly latency: number;
  readonly fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** Goes to a chosen suggestion's page. */
  readonly navigate: (url: string) => void;
}

/** The suggestions of a reply; entries of the wrong shape are dropped. */
export function parseSuggestions(body: unknown): Suggestion[] {
  const list = isRecord(body) ? body.suggestions : undefined;
  if (!Array.isArray(list)) {
    return [];
  }
  const optional = (value: unknown): string | undefined =>
    typeof value === 'string' && value !== '' ? value : undefined;
  return list.flatMap((item: unknown) =>
    isRecord(item) && typeof item.id === 'number' && typeof item.value === 'string' && typeof item.url === 'string'
      ? [{ id: item.id, value: item.value, url: item.url, img: optional(item.img), price: optional(item.price) }]
      : [],
  );
}

/** An http(s) URL, or undefined: a server string never becomes a `javascript:` navigation. */
function webUrl(raw: string, base: string): string | undefined {
  try {
    const url = new URL(raw, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Copies the server's price HTML into `to` as text. Its markup is parsed in an inert document
 * that is never shown; only what carries meaning is rebuilt (struck-through and inserted
 * amounts, screen-reader sentences, the halves hidden from screen readers), so no server tag
 * or attribute reaches the page.
 */
function copyPrice(from: Node, to: Element): void {
  for (const node of from.childNodes) {
    if (node instanceof Text) {
      to.append(node.data);
    } else if (node instanceof Element) {
      const tag = node.localName;
      const readerText = node.classList.contains('screen-reader-text');
      const hidden = node.getAttribute('aria-hidden') === 'true';
      let into = to;
      if (tag === 'del' || tag === 'ins' || readerText || hidden) {
        into = to.ownerDocument.createElement(tag === 'del' || tag === 'ins' ? tag : 'span');
        if (readerText) {
          into.className = 'screen-reader-text';
        }
        if (hidden) {
          into.setAttribute('aria-hidden', 'true');
        }
        to.append(into);
      }
      copyPrice(node, into);
    }
  }
}

/** Makes `form`'s search field a live-search combobox; returns a function that undoes it. */
export function attachLiveSearch(form: HTMLFormElement, options: LiveSearchOptions): () => void {
  const field = form.querySelector<HTMLInputElement>('input[name="s"]');
  if (field === null) {
    return () => undefined;
  }
  const input: HTMLInputElement = field;
  const category = form.querySelector<HTMLSelectElement>('select[name="product_cat"]');
  const doc = form.ownerDocument;
  const list = doc.createElement('ul');
  list.id = `${input.id === '' ? 'search' : input.id}-suggestions`;
  list.className = 'search-form__suggestions';
  list.setAttribute('role', 'listbox');
  list.setAttribute('aria-label', 'Product suggestions');
  list.hidden = true;
  form.append(list);
  form.classList.add('search-form--live');
  const aria = {
    role: 'combobox',
    'aria-autocomplete': 'list',
    'aria-expanded': 'false',
    'aria-controls': list.id,
  };
  for (const [name, value] of Object.entries(aria)) {
    input.setAttribute(name, value);
  }

  /** Replies by request URL (SPEC §7.2). */
  const cache = new Map<string, Suggestion[]>();
  /** Lower-cased queries, by category, that found nothing: no longer text starting with one is sent. */
  const fruitless: { category: string; query: string }[] = [];
  let shown: Suggestion[] = [];
  let active = -1;
  /** The URL whose reply should be shown; replies for any other are stale. */
  let wanted = '';
  let inFlight: { url: string; controller: AbortController } | undefined;
  let sendTimer: ReturnType<typeof setTimeout> | undefined;
  let hideTimer: ReturnType<typeof setTimeout> | undefined;

  const isOpen = (): boolean => !list.hidden;
  const choices = (): HTMLElement[] => [...list.querySelectorAll<HTMLElement>('[role="option"]:not([aria-disabled])')];

  function setActive(index: number): void {
    active = index;
    const all = choices();
    all.forEach((option, i) => {
      option.setAttribute('aria-selected', String(i === index));
    });
    const current = all[index];
    if (current === undefined) {
      input.removeAttribute('aria-activedescendant');
    } else {
      input.setAttribute('aria-activedescendant', current.id);
      current.scrollIntoView({ block: 'nearest' });
    }
  }

  function open(): void {
    list.hidden = false;
    input.setAttribute('aria-expanded', 'true');
  }

  function close(): void {
    list.hidden = true;
    input.setAttribute('aria-expanded', 'false');
    setActive(-1);
  }

  function abort(): void {
    clearTimeout(sendTimer);
    sendTimer = undefined;
    inFlight?.controller.abort();
    inFlight = undefined;
  }

  function choose(index: number): void {
    if (index === shown.length) {
      // The last option, "See all results": the results page for the typed text.
      close();
      form.requestSubmit();
      return;
    }
    const chosen = shown[index];
    const url = chosen === undefined ? undefined : webUrl(chosen.url, doc.baseURI);
    if (url !== undefined) {
      options.navigate(url);
    }
  }

  function show(found: Suggestion[]): void {
    // What the shopper chose with the arrows while this reply was on its way: a product
    // still listed (or See all results, while there are results) stays chosen, or the
    // keyboard's choice would vanish under the shopper's next Enter.
    const chosenId = shown[active]?.id;
    const chosenAll = active >= 0 && active === shown.length;
    shown = found.filter((s) => s.id !== -1);
    const items = shown.map((suggestion, i) => {
      const item = doc.createElement('li');
      item.id = `${list.id}-${String(i)}`;
      item.className = 'search-form__option';
      item.setAttribute('role', 'option');
      const imageUrl = suggestion.img === undefined ? undefined : webUrl(suggestion.img, doc.baseURI);
      if (imageUrl !== undefined) {
        const img = doc.createElement('img');
        img.src = imageUrl;
        img.alt = '';
        img.width = 40;
        img.height = 40;
        img.loading = 'lazy';
        item.append(img);
      }
      const name = doc.createElement('span');
      name.className = 'search-form__name';
      name.textContent = suggestion.value;
      item.append(name);
      // The option's name is all its visible text, product then price (WCAG 2.5.3: the
      // name holds the label shown); the space keeps the two apart in that name.
      if (suggestion.price !== undefined) {
        const price = doc.createElement('span');
        price.className = 'search-form__price';
        copyPrice(new DOMParser().parseFromString(suggestion.price, 'text/html').body, price);
        item.append(' ', price);
      }
      item.addEventListener('click', () => {
        choose(i);
      });
      return item;
    });
    if (items.length > 0) {
      const all = doc.createElement('li');
      all.id = `${list.id}-all`;
      all.className = 'search-form__option search-form__option--all';
      all.setAttribute('role', 'option');
      all.textContent = SEE_ALL;
      all.addEventListener('click', () => {
        choose(shown.length);
      });
      items.push(all);
    } else {
      const none = doc.createElement('li');
      none.className = 'search-form__option search-form__option--none';
      none.setAttribute('role', 'option');
      none.setAttribute('aria-disabled', 'true');
      none.setAttribute('aria-selected', 'false');
      none.textContent = NO_RESULTS;
      items.push(none);
    }
    list.replaceChildren(...items);
    open();
    // Never select a suggestion on its own, even one whose name is exactly the typed text
    // (SPEC §5.8): Enter then submits the form as typed. Only the shopper's own choice stays.
    const kept = chosenId === undefined ? -1 : shown.findIndex((s) => s.id === chosenId);
    setActive(kept >= 0 ? kept : chosenAll && shown.length > 0 ? shown.length : -1);
  }

  async function send(url: string, query: string, within: string): Promise<void> {
    const controller = new AbortController();
    const request = { url, controller };
    inFlight = request;
    try {
      const response = await options.fetch(url, {
        signal: controller.signal,
        credentials: 'same-origin',
        headers: { Accept: 'application/json' },
      });
      if (!response.ok) {
        throw new Error(`HTTP ${String(response.status)}`);
      }
      const found = parseSuggestions(await response.json());
      cache.set(url, found);
      if (!found.some((s) => s.id !== -1)) {
        fruitless.push({ category: within, query });
      }
      if (url === wanted) {
        show(found);
      }
    } catch (error) {
      // An aborted request was stale; a failed one leaves the form to work as without script.
      if (!controller.signal.aborted) {
        console.warn('Live search failed; the search form still works.', error);
        // Suggestions for older text would mislead.
        close();
      }
    } finally {
      if (inFlight === request) {
        inFlight = undefined;
      }
    }
  }

  function update(): void {
    const query = input.value.trim().replace(/\s+/g, ' ');
    const within = category?.value ?? '';
    // Characters as the server counts them (code points), not UTF-16 units.
    if (Array.from(query).length < MIN_CHARS) {
      wanted = '';
      abort();
      close();
      return;
    }
    const url = new URL(options.ajaxUrl, doc.baseURI);
    url.searchParams.set('action', SEARCH_ACTION);
    url.searchParams.set('query', query);
    if (within !== '') {
      url.searchParams.set('product_cat', within);
    }
    const key = url.href;
    if (key === wanted && (inFlight?.url === key || sendTimer !== undefined)) {
      return;
    }
    wanted = key;
    abort();
    const cached = cache.get(key);
    const lower = query.toLowerCase();
    if (cached !== undefined) {
      show(cached);
    } else if (fruitless.some((f) => f.category === within && lower.startsWith(f.query))) {
      show([]);
    } else {
      sendTimer = setTimeout(() => {
        sendTimer = undefined;
        void send(key, lower, within);
      }, options.latency);
    }
  }

  function onKeyDown(event: KeyboardEvent): void {
    const count = choices().length;
    switch (event.key) {
      case 'ArrowDown':
        if (!isOpen()) {
          if (shown.length === 0) {
            return;
          }
          open();
        }
        setActive(Math.min(active + 1, count - 1));
        break;
      case 'ArrowUp':
        if (!isOpen()) {
          return;
        }
        // Up from the first suggestion returns to the typed text.
        setActive(Math.max(active - 1, -1));
        break;
      case 'Enter':
        // Without an active suggestion Enter submits the form, as without script.
        if (!isOpen() || active < 0) {
          return;
        }
        choose(active);
        break;
      case 'Escape':
        if (!isOpen()) {
          return;
        }
        close();
        break;
      default:
        return;
    }
    event.preventDefault();
  }

  function onFocusOut(): void {
    clearTimeout(hideTimer);
    hideTimer = setTimeout(close, HIDE_AFTER_BLUR_MS);
  }

  function onFocusIn(): void {
    clearTimeout(hideTimer);
    // Back in the field after a search: show its suggestions again (from the cache).
    if (list.childElementCount > 0) {
      update();
    }
  }

  // A press on the list would move focus away from the field and start the blur timer.
  const keepFocus = (event: MouseEvent): void => {
    event.preventDefault();
  };
  const onSubmit = (): void => {
    abort();
    close();
  };

  input.addEventListener('input', update);
  input.addEventListener('keydown', onKeyDown);
  input.addEventListener('focusout', onFocusOut);
  input.addEventListener('focusin', onFocusIn);
  list.addEventListener('mousedown', keepFocus);
  category?.addEventListener('change', update);
  form.addEventListener('submit', onSubmit);
  // Fetched on the shopper's first reach for the form (lazy-chunk.ts): text typed in the field
  // before this attached is searched now, as if just typed.
  if (doc.activeElement === input && input.value !== '') {
    update();
  }

  return () => {
    abort();
    clearTimeout(hideTimer);
    input.removeEventListener('input', update);
    input.removeEventListener('keydown', onKeyDown);
    input.removeEventListener('focusout', onFocusOut);
    input.removeEventListener('focusin', onFocusIn);
    category?.removeEventListener('change', update);
    form.removeEventListener('submit', onSubmit);
    for (const name of [...Object.keys(aria), 'aria-activedescendant']) {
      input.removeAttribute(name);
    }
    form.classList.remove('search-form--live');
    list.remove();
  };
}

export const liveSearch: Behaviour = {
  attach(el) {
    if (!(el instanceof HTMLFormElement)) {
      throw new TypeError('live-search: data-behaviour="live-search" belongs on the search <form>');
    }
    const settings = storefrontSettings(el.ownerDocument);
    return attachLiveSearch(el, {
      ajaxUrl: settings.themeAjaxUrl,
      latency: settings.searchLatency,
      fetch: (url, init) => fetch(url, init),
      navigate: (url) => {
        window.location.assign(url);
      },
    });
  },
};

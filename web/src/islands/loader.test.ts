import { findByRole, waitFor } from '@testing-library/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCartRuntime, parseCartSettings, type CartRuntime } from '../core';
import { createIslandLoader as createLoader, DEFAULT_LOAD_TIMEOUT_MS, type IslandLoader, type IslandLoaderOptions } from './loader';
import type { IslandModule, IslandRegistry } from './types';

/** A fake island that writes what it was given into its container, and counts its mounts. */
function fakeIsland() {
  const mounted: { el: HTMLElement; props: unknown }[] = [];
  const unmounted: HTMLElement[] = [];
  const module: IslandModule = {
    mount(el, props) {
      mounted.push({ el, props });
      el.textContent = `island says ${JSON.stringify(props)}`;
      return () => {
        unmounted.push(el);
      };
    },
  };
  return { module, mounted, unmounted, importer: vi.fn(() => Promise.resolve(module)) };
}

/** The server's container: a named island with props and a no-JS fallback inside. */
function container(name: string, props?: string, fallback = `fallback for ${name}`): HTMLElement {
  const el = document.createElement('div');
  el.dataset.island = name;
  if (props !== undefined) {
    el.dataset.islandProps = props;
  }
  const p = document.createElement('p');
  p.textContent = fallback;
  el.append(p);
  return el;
}

let stopObserving: (() => void) | undefined;
// The cart runtime islands are mounted with: one per test, sending nothing.
let runtime: CartRuntime;

/** The island loader, mounting with this test's runtime. */
function createIslandLoader(registry: IslandRegistry, options: IslandLoaderOptions = {}): IslandLoader {
  return createLoader(registry, { runtime: () => runtime, ...options });
}

beforeEach(() => {
  document.body.replaceChildren();
  runtime = createCartRuntime({ settings: parseCartSettings(null), fetch: () => new Promise<Response>(() => undefined) });
});

afterEach(() => {
  runtime.stop();
  stopObserving?.();
  stopObserving = undefined;
  vi.useRealTimers();
});

describe('mountIslands', () => {
  it('mounts an island from the registry with its props and marks it mounted', async () => {
    const notice = fakeIsland();
    const loader = createIslandLoader({ 'mini-cart': notice.importer });
    const el = container('mini-cart', '{"id":"3f2a9c","text":"Free shipping"}');
    document.body.append(el);

    await loader.mountIslands(document.body);

    expect(el.dataset.islandState).toBe('mounted');
    expect(el.textContent).toBe('island says {"id":"3f2a9c","text":"Free shipping"}');
    expect(notice.mounted).toEqual([{ el, props: { id: '3f2a9c', text: 'Free shipping' } }]);
  });

  it('passes {} when data-island-props is absent', async () => {
    const island = fakeIsland();
    const loader = createIslandLoader({ plain: island.importer });
    const el = container('plain');
    document.body.append(el);

    await loader.mountIslands(document.body);

    expect(island.mounted.map((m) => m.props)).toEqual([{}]);
  });

  it('mounts root itself when root is an island container', async () => {
    const island = fakeIsland();
    const loader = createIslandLoader({ plain: island.importer });
    const el = container('plain');
    document.body.append(el);

    await loader.mountIslands(el);

    expect(el.dataset.islandState).toBe('mounted');
  });

  it('loads an island only when the page has it', async () => {
    const used = fakeIsland();
    const unused = fakeIsland();
    const loader = createIslandLoader({ used: used.importer, unused: unused.importer });
    document.body.append(container('used'));

    await loader.mountIslands(document.body);

    expect(used.importer).toHaveBeenCalledTimes(1);
    expect(unused.importer).not.toHaveBeenCalled();
  });

  it('never mounts the same element twice, even when called again while loading', async () => {
    const island = fakeIsland();
    const loader = createIslandLoader({ plain: island.importer });
    const el = container('plain');
    document.body.append(el);

    const first = loader.mountIslands(document.body);
    expect(el.dataset.islandState).toBe('loading');
    const second = loader.mountIslands(document.body);
    await Promise.all([first, second]);
    await loader.mountIslands(document.body);

    expect(island.mounted).toHaveLength(1);
    expect(el.dataset.islandState).toBe('mounted');
  });

  it('shows the chunk error, keeps the fallback and still mounts the other islands', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const other = fakeIsland();
    const loader = createIslandLoader({
      'mini-cart': () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      other: other.importer,
    });
    const broken = container('mini-cart', '{"id":"3f2a9c","text":"Free shipping"}');
    const working = container('other');
    document.body.append(broken, working);

    await loader.mountIslands(document.body);

    const alert = await findByRole(broken, 'alert');
    expect(alert.textContent).toBe('Loading chunk mini-cart failed.');
    expect(alert.classList.contains('island-error')).toBe(true);
    expect(broken.textContent).toContain('fallback for mini-cart');
    expect(broken.dataset.islandState).toBe('failed');
    expect(working.dataset.islandState).toBe('mounted');
    expect(other.mounted).toHaveLength(1);
    expect(error).toHaveBeenCalled();
  });

  it('gives up on a chunk that does not arrive within 120 s (SPEC §9.6)', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const loader = createIslandLoader({ slow: () => new Promise<IslandModule>(() => undefined) });
    const el = container('slow');
    document.body.append(el);

    const done = loader.mountIslands(document.body);
    await vi.advanceTimersByTimeAsync(DEFAULT_LOAD_TIMEOUT_MS - 1);
    expect(el.dataset.islandState).toBe('loading');
    await vi.advanceTimersByTimeAsync(1);
    await done;

    expect(el.dataset.islandState).toBe('failed');
    expect(el.querySelector('[role="alert"]')?.textContent).toBe('Loading chunk slow failed.');
  });

  it('treats malformed props as a failure of that island only', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const bad = fakeIsland();
    const good = fakeIsland();
    const loader = createIslandLoader({ bad: bad.importer, good: good.importer });
    const badEl = container('bad', '{"id": oops');
    const goodEl = container('good', '{"n":1}');
    document.body.append(badEl, goodEl);

    await loader.mountIslands(document.body);

    expect(badEl.dataset.islandState).toBe('failed');
    expect(badEl.textContent).toBe('fallback for bad');
    expect(bad.importer).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith(
      'Island "bad": data-island-props is not valid JSON.',
      expect.any(SyntaxError),
    );
    expect(goodEl.dataset.islandState).toBe('mounted');
    expect(good.mounted.map((m) => m.props)).toEqual([{ n: 1 }]);
  });

  it('keeps the fallback when mount throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const throwing: IslandModule = {
      mount() {
        throw new TypeError('props.id must be a string');
      },
    };
    const good = fakeIsland();
    const loader = createIslandLoader({ throwing: () => Promise.resolve(throwing), good: good.importer });
    const el = container('throwing', '{}');
    document.body.append(el, container('good'));

    await loader.mountIslands(document.body);

    expect(el.dataset.islandState).toBe('failed');
    expect(el.textContent).toBe('fallback for throwing');
    expect(good.mounted).toHaveLength(1);
  });

  it('warns about an unknown island and leaves it alone', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const registry: IslandRegistry = {};
    const loader = createIslandLoader(registry);
    const el = container('no-such-island');
    const proto = container('constructor');
    document.body.append(el, proto);

    await loader.mountIslands(document.body);

    expect(el.dataset.islandState).toBe('unknown');
    expect(proto.dataset.islandState).toBe('unknown');
    expect(el.textContent).toBe('fallback for no-such-island');
    expect(warn).toHaveBeenCalledWith('Unknown island "no-such-island"; keeping the server\'s markup.');
  });
});

describe('observe', () => {
  function observed(registry: IslandRegistry): IslandLoader {
    const loader = createIslandLoader(registry);
    stopObserving = loader.observe(document.body);
    return loader;
  }

  it('mounts islands in content added later, such as an infinite-scroll page', async () => {
    const island = fakeIsland();
    const loader = observed({ card: island.importer });
    await loader.mountIslands(document.body);

    const page = document.createElement('section');
    const list = document.createElement('div');
    const first = container('card', '{"n":1}');
    const second = container('card', '{"n":2}');
    list.append(first, second);
    page.append(list);
    document.body.append(page);

    await waitFor(() => {
      expect(first.dataset.islandState).toBe('mounted');
      expect(second.dataset.islandState).toBe('mounted');
    });
    expect(island.mounted.map((m) => m.props)).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('mounts an added container itself, and only once when it is also mounted explicitly', async () => {
    const island = fakeIsland();
    const loader = observed({ popup: island.importer });
    const el = container('popup');

    document.body.append(el);
    await loader.mountIslands(el);
    await waitFor(() => {
      expect(el.dataset.islandState).toBe('mounted');
    });

    // Moving it within the page is not a new island.
    const wrapper = document.createElement('div');
    document.body.append(wrapper);
    wrapper.append(el);
    await loader.mountIslands(document.body);

    expect(island.mounted).toHaveLength(1);
    expect(island.unmounted).toHaveLength(0);
  });

  it('unmounts an island whose content is removed from the page', async () => {
    const island = fakeIsland();
    const loader = observed({ cart: island.importer });
    const fragment = document.createElement('div');
    const el = container('cart');
    fragment.append(el);
    document.body.append(fragment);
    await loader.mountIslands(document.body);

    fragment.remove();

    await waitFor(() => {
      expect(island.unmounted).toEqual([el]);
    });
    expect(el.dataset.islandState).toBe('unmounted');
  });
});

describe('data-island-when', () => {
  it('waits for idle time with `idle`', async () => {
    const island = fakeIsland();
    const loader = createIslandLoader({ later: island.importer });
    const el = container('later');
    el.dataset.islandWhen = 'idle';
    document.body.append(el);

    await loader.mountIslands(document.body);

    expect(el.dataset.islandState).toBe('waiting');
    await waitFor(() => {
      expect(el.dataset.islandState).toBe('mounted');
    });
    expect(island.mounted).toHaveLength(1);
  });

  it('waits until the container is in view with `visible`', async () => {
    let report: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
          report = callback;
        }
        observe() {
          /* the test reports visibility itself */
        }
        disconnect() {
          report = undefined;
        }
      },
    );
    const island = fakeIsland();
    const loader = createIslandLoader({ reviews: island.importer });
    const el = container('reviews');
    el.dataset.islandWhen = 'visible';
    document.body.append(el);

    await loader.mountIslands(document.body);
    report?.([{ isIntersecting: false }]);
    await Promise.resolve();
    expect(island.importer).not.toHaveBeenCalled();

    report?.([{ isIntersecting: true }]);
    await waitFor(() => {
      expect(el.dataset.islandState).toBe('mounted');
    });
    expect(report).toBeUndefined();
  });

  it('loads on the first interaction and hands over a held-back click', async () => {
    const contexts: unknown[] = [];
    const importer = vi.fn(() =>
      Promise.resolve<IslandModule>({
        mount(el, _props, context) {
          contexts.push(context);
          el.textContent = 'drawer';
        },
      }),
    );
    const loader = createIslandLoader({ drawer: importer });
    const el = container('drawer', undefined, '');
    el.dataset.islandWhen = 'interaction';
    const link = document.createElement('a');
    link.href = '/cart/';
    link.textContent = 'Cart';
    el.replaceChildren(link);
    document.body.append(el);

    await loader.mountIslands(document.body);
    expect(importer).not.toHaveBeenCalled();

    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(click);

    expect(click.defaultPrevented).toBe(true);
    await waitFor(() => {
      expect(el.dataset.islandState).toBe('mounted');
    });
    expect(contexts).toEqual([{ activatedBy: 'click', runtime }]);
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('a click held while a hover is loading the island still counts as the click (the drawer opens)', async () => {
    const contexts: unknown[] = [];
    let arrive: (module: IslandModule) => void = () => undefined;
    const loader = createIslandLoader({
      drawer: () =>
        new Promise<IslandModule>((resolve) => {
          arrive = resolve;
        }),
    });
    const el = container('drawer', undefined, '');
    el.dataset.islandWhen = 'interaction';
    const link = document.createElement('a');
    link.href = '/cart/';
    el.replaceChildren(link);
    document.body.append(el);
    await loader.mountIslands(document.body);

    // The pointer reaches the link (the load starts), then the shopper clicks before it came.
    el.dispatchEvent(new PointerEvent('pointerenter'));
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    arrive({
      mount(_el, _props, context) {
        contexts.push(context);
      },
    });

    await waitFor(() => {
      expect(el.dataset.islandState).toBe('mounted');
    });
    expect(contexts).toEqual([{ activatedBy: 'click', runtime }]);
  });

  it('mounts on focus without claiming a click', async () => {
    const contexts: unknown[] = [];
    const loader = createIslandLoader({
      drawer: () =>
        Promise.resolve<IslandModule>({
          mount(_el, _props, context) {
            contexts.push(context);
          },
        }),
    });
    const el = container('drawer');
    el.dataset.islandWhen = 'interaction';
    document.body.append(el);

    await loader.mountIslands(document.body);
    el.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));

    await waitFor(() => {
      expect(contexts).toEqual([{ activatedBy: 'focus', runtime }]);
    });
  });

  it('follows the clicked link when the island cannot load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const navigate = vi.fn();
    const loader = createIslandLoader(
      { drawer: () => Promise.reject(new Error('offline')) },
      { navigate },
    );
    const el = container('drawer', undefined, '');
    el.dataset.islandWhen = 'interaction';
    const link = document.createElement('a');
    link.href = '/cart/';
    el.replaceChildren(link);
    document.body.append(el);

    await loader.mountIslands(document.body);
    link.click();

    await waitFor(() => {
      expect(navigate).toHaveBeenCalledWith('/cart/');
    });
    expect(el.dataset.islandState).toBe('failed');
  });
});

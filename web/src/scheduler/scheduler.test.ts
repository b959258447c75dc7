import { getByRole, waitFor } from '@testing-library/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyChunk } from '../behaviours/lazy-chunk';
import { createCartRuntime, parseCartSettings, type CartRuntime } from '../core';
import type { Behaviour } from '../behaviours/types';
import type { IslandModule } from '../islands/types';
import { createScheduler as create, type Scheduler, type SchedulerOptions } from './scheduler';

/** A behaviour that counts its attaches and detaches and marks its element while attached. */
function countingBehaviour() {
  const attached: HTMLElement[] = [];
  const detached: HTMLElement[] = [];
  const behaviour: Behaviour = {
    attach(el) {
      attached.push(el);
      el.classList.add('enhanced');
      return () => {
        detached.push(el);
        el.classList.remove('enhanced');
      };
    },
  };
  return { behaviour, attached, detached };
}

/** A chunk whose loads the test settles one by one. */
function controlledChunk<T>() {
  const loads: { resolve: (value: T) => void; reject: (error: Error) => void }[] = [];
  const load = vi.fn(
    () =>
      new Promise<T>((resolve, reject) => {
        loads.push({ resolve, reject });
      }),
  );
  return { load, loads };
}

const stops: (() => void)[] = [];
let runtime: CartRuntime;

/** A scheduler whose islands mount with this test's cart runtime. */
function createScheduler(options: SchedulerOptions): Scheduler {
  return create({ runtime: () => runtime, ...options });
}

beforeEach(() => {
  document.body.replaceChildren();
  runtime = createCartRuntime({ settings: parseCartSettings(null), fetch: () => new Promise<Response>(() => undefined) });
  stops.push(() => {
    runtime.stop();
  });
});

afterEach(() => {
  for (const stop of stops.splice(0)) {
    stop();
  }
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('detaching', () => {
  it('runs a behaviour\'s cleanup when its element leaves the page, and attaches it again when it comes back', async () => {
    const marker = countingBehaviour();
    const scheduler = createScheduler({ behaviours: { marker: marker.behaviour } });
    stops.push(scheduler.observe(document.body));
    document.body.innerHTML = '<ul><li><button data-behaviour="marker">Quick view</button></li></ul>';
    await scheduler.scan(document.body);
    const button = getByRole(document.body, 'button', { name: 'Quick view' });
    expect(button.dataset.behaviourState).toBe('attached');

    const card = button.closest('li');
    card?.remove();

    await waitFor(() => {
      expect(marker.detached).toEqual([button]);
    });
    expect(button.classList.contains('enhanced')).toBe(false);
    expect(button.dataset.behaviourState).toBe('detached');

    if (card) {
      document.querySelector('ul')?.append(card);
    }
    await waitFor(() => {
      expect(marker.attached).toEqual([button, button]);
    });
    expect(button.dataset.behaviourState).toBe('attached');
  });

  it('does not detach an element that only moved within the page', async () => {
    const marker = countingBehaviour();
    const scheduler = createScheduler({ behaviours: { marker: marker.behaviour } });
    stops.push(scheduler.observe(document.body));
    document.body.innerHTML = '<div id="a"><p data-behaviour="marker">x</p></div><div id="b"></div>';
    await scheduler.scan(document.body);
    const p = document.querySelector('p');
    if (p) {
      document.getElementById('b')?.append(p);
    }
    // A later mutation is reported after the move's records: by then the move has been seen.
    const probe = document.createElement('span');
    probe.dataset.behaviour = 'marker';
    document.body.append(probe);
    await waitFor(() => {
      expect(marker.attached).toHaveLength(2);
    });
    expect(marker.detached).toEqual([]);
  });

  it('unmounts an island whose fragment is replaced, and mounts the new one', async () => {
    const unmounted: string[] = [];
    const island: IslandModule = {
      mount(el) {
        el.dataset.mountedText = el.textContent;
        return () => {
          unmounted.push(el.textContent);
        };
      },
    };
    const scheduler = createScheduler({ islands: { totals: () => Promise.resolve(island) } });
    stops.push(scheduler.observe(document.body));
    document.body.innerHTML = '<div class="fragment"><div data-island="totals">old</div></div>';
    await scheduler.scan(document.body);

    const fragment = document.querySelector('.fragment');
    fragment?.replaceWith(Object.assign(document.createElement('div'), { innerHTML: '<div data-island="totals">new</div>' }));

    await waitFor(() => {
      expect(unmounted).toEqual(['old']);
      expect(document.querySelector<HTMLElement>('[data-island]')?.dataset.islandState).toBe('mounted');
    });
  });

  it('does not attach a chunk that arrives after its element left the page', async () => {
    const marker = countingBehaviour();
    const { load, loads } = controlledChunk<Readonly<Record<'film', Behaviour>>>();
    const scheduler = createScheduler({ behaviours: { film: lazyChunk('films', load)('film') } });
    stops.push(scheduler.observe(document.body));
    document.body.innerHTML = '<p data-behaviour="film">Film</p>';
    const done = scheduler.scan(document.body);
    const block = document.querySelector<HTMLElement>('p');
    expect(block?.dataset.behaviourState).toBe('loading');

    block?.remove();
    await waitFor(() => {
      expect(block?.dataset.behaviourState).toBe('detached');
    });
    loads[0]?.resolve({ film: marker.behaviour });
    await done;

    expect(marker.attached).toEqual([]);
  });
});

describe('a chunk that fails', () => {
  function nearViewportNeverSeen(): void {
    // The block never comes near the viewport: only a click starts the chunk.
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe(): void {
          /* never reports */
        }
        disconnect(): void {
          /* nothing to stop */
        }
      },
    );
  }

  it('gives the held click back to the link, and tries again on the next interaction', async () => {
    nearViewportNeverSeen();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const navigate = vi.fn();
    const played: string[] = [];
    const { load, loads } = controlledChunk<Readonly<Record<'video-link', Behaviour>>>();
    const videoLink = lazyChunk('media', load, { nearViewport: true })('video-link');
    const scheduler = createScheduler({ behaviours: { 'video-link': videoLink }, navigate });
    document.body.innerHTML = '<p data-behaviour="video-link"><a href="/media/film.mp4">Watch the film</a></p>';
    await scheduler.scan(document.body);
    const link = getByRole(document.body, 'link', { name: 'Watch the film' });
    const block = link.parentElement;

    const first = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    link.dispatchEvent(first);
    expect(first.defaultPrevented, 'held while the chunk loads').toBe(true);
    expect(block?.dataset.behaviourState).toBe('loading');
    loads[0]?.reject(new TypeError('Failed to fetch dynamically imported module'));

    await waitFor(() => {
      expect(navigate).toHaveBeenCalledWith('/media/film.mp4');
    });
    expect(block?.dataset.behaviourState).toBe('failed');
    expect(console.error).toHaveBeenCalledWith('Loading chunk media failed.', expect.any(TypeError));

    // The next click fetches the chunk again (not a cached failure), and goes to the behaviour.
    const second = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    link.dispatchEvent(second);
    expect(load).toHaveBeenCalledTimes(2);
    loads[1]?.resolve({
      'video-link': {
        attach(el) {
          el.addEventListener('click', (event) => {
            event.preventDefault();
            played.push('film');
          });
        },
      },
    });
    await waitFor(() => {
      expect(played).toEqual(['film']);
    });
    expect(block?.dataset.behaviourState).toBe('attached');
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('submits the form whose button was clicked when the chunk does not load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const submitted: (string | null)[] = [];
    document.body.innerHTML = `
      <form action="/product/hoodie/" method="post" data-behaviour="addons">
        <button type="submit" name="add-to-cart" value="37">Add to cart</button>
      </form>`;
    const form = document.querySelector('form');
    form?.addEventListener('submit', (event) => {
      // jsdom cannot navigate; what the browser would send is what counts.
      event.preventDefault();
      submitted.push((event.submitter as HTMLButtonElement | null)?.value ?? null);
    });
    const { load, loads } = controlledChunk<Readonly<Record<'addons', Behaviour>>>();
    const scheduler = createScheduler({ behaviours: { addons: lazyChunk('product-page', load)('addons') } });
    void scheduler.scan(document.body);
    loads[0]?.reject(new TypeError('Failed to fetch dynamically imported module'));
    await waitFor(() => {
      expect(form?.dataset.behaviourState).toBe('failed');
    });

    // The retry is held like any chunk's click, then given back to the form when it fails too.
    getByRole(document.body, 'button', { name: 'Add to cart' }).click();
    expect(submitted).toEqual([]);
    expect(load).toHaveBeenCalledTimes(2);
    loads[1]?.reject(new TypeError('Failed to fetch dynamically imported module'));

    await waitFor(() => {
      expect(submitted).toEqual(['37']);
    });
  });

  it('retries an island that failed on the next interaction and mounts it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { load, loads } = controlledChunk<IslandModule>();
    const navigate = vi.fn();
    const scheduler = createScheduler({ islands: { 'mini-cart': load }, navigate });
    document.body.innerHTML =
      '<div data-island="mini-cart" data-island-when="interaction"><a href="/cart/">Cart</a></div>';
    await scheduler.scan(document.body);
    const container = document.querySelector<HTMLElement>('[data-island]');
    const link = getByRole(document.body, 'link', { name: 'Cart' });

    link.click();
    loads[0]?.reject(new Error('offline'));
    await waitFor(() => {
      expect(navigate).toHaveBeenCalledWith('/cart/');
    });
    expect(getByRole(document.body, 'alert').textContent).toBe('Loading chunk mini-cart failed.');

    link.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(container?.dataset.islandState).toBe('loading');
    loads[1]?.resolve({
      mount(el) {
        el.dataset.drawer = 'ready';
      },
    });
    await waitFor(() => {
      expect(container?.dataset.islandState).toBe('mounted');
    });
    expect(container?.querySelector('[role="alert"]')).toBeNull();
    expect(navigate).toHaveBeenCalledTimes(1);
  });
});

describe('the cart runtime', () => {
  it('is handed to behaviours and islands: the one the scheduler was made with', async () => {
    const seen: CartRuntime[] = [];
    const scheduler = createScheduler({
      behaviours: {
        'header-cart': {
          attach(_el, context) {
            if (context) {
              seen.push(context.runtime());
            }
          },
        },
      },
      islands: {
        'mini-cart': () =>
          Promise.resolve<IslandModule>({
            mount(_el, _props, context) {
              seen.push(context.runtime);
            },
          }),
      },
    });
    document.body.innerHTML = '<div data-behaviour="header-cart" data-island="mini-cart"></div>';
    await scheduler.scan(document.body);
    expect(seen).toEqual([runtime, runtime]);
    expect(seen[0]).toBe(runtime);
  });
});

describe('an island owns its subtree', () => {
  it('detaches the behaviours inside it when it mounts, and attaches none inside it afterwards', async () => {
    const stepper = countingBehaviour();
    const { load, loads } = controlledChunk<IslandModule>();
    const scheduler = createScheduler({ behaviours: { 'quantity-stepper': stepper.behaviour }, islands: { cart: load } });
    stops.push(scheduler.observe(document.body));
    document.body.innerHTML = `
      <div data-island="cart">
        <form><div class="quantity" data-behaviour="quantity-stepper"><input type="number" value="1"></div></form>
      </div>`;
    const done = scheduler.scan(document.body);
    const serverStepper = document.querySelector<HTMLElement>('.quantity');
    // Before the island mounts, the server's cart is enhanced as usual.
    expect(stepper.attached).toEqual([serverStepper]);

    loads[0]?.resolve({
      mount(el) {
        // The island takes over the server's cart where it is (no markup replaced), and
        // renders its own stepper, whose server-style marker must stay inert.
        const host = document.createElement('div');
        host.innerHTML = '<div class="quantity island-stepper" data-behaviour="quantity-stepper"><input type="number" value="1"></div>';
        el.append(host);
        return () => undefined;
      },
    });
    await done;

    expect(serverStepper?.isConnected).toBe(true);
    expect(stepper.detached).toEqual([serverStepper]);
    expect(serverStepper?.classList.contains('enhanced')).toBe(false);
    expect(serverStepper?.dataset.behaviourState).toBe('detached');
    const islandStepper = document.querySelector<HTMLElement>('.island-stepper');
    await scheduler.scan(document.body);
    // Let the MutationObserver report the island's own rendering.
    await new Promise<void>((resolve) => {
      setTimeout(resolve, 0);
    });
    expect(stepper.attached).toEqual([serverStepper]);
    expect(islandStepper?.classList.contains('enhanced')).toBe(false);
    expect(islandStepper?.dataset.behaviourState).toBeUndefined();
  });

  it('keeps the behaviour on the container itself (the header cart beside the mini cart)', async () => {
    const headerCart = countingBehaviour();
    const scheduler = createScheduler({
      behaviours: { 'header-cart': headerCart.behaviour },
      islands: { 'mini-cart': () => Promise.resolve<IslandModule>({ mount: () => undefined }) },
    });
    document.body.innerHTML = '<div data-behaviour="header-cart" data-island="mini-cart"><a href="/cart/">Cart</a></div>';
    await scheduler.scan(document.body);
    const container = document.querySelector<HTMLElement>('[data-island]');
    expect(container?.dataset.islandState).toBe('mounted');
    expect(container?.dataset.behaviourState).toBe('attached');
    expect(headerCart.detached).toEqual([]);
  });
});

import { islands } from './registry';
import {
  ACTIVATE_EVENT,
  type IslandCleanup,
  type IslandModule,
  type IslandRegistry,
  type IslandState,
  type IslandWhen,
  type MountContext,
} from './types';

export const ISLAND_SELECTOR = '[data-island]';

const AT_ONCE: MountContext = { activatedBy: null };

/** SPEC §9.6: a lazily loaded part of the page gives up after 120 s. */
export const DEFAULT_LOAD_TIMEOUT_MS = 120_000;

export interface IslandLoaderOptions {
  /** How long an island's chunk may take to load before the island counts as failed. */
  readonly loadTimeoutMs?: number;
  /** Follows a link whose click an `interaction` island held back but could not handle. */
  readonly navigate?: (href: string) => void;
}

export interface IslandLoader {
  /**
   * Mounts every island in `root` (`root` included) that this loader has not handled yet.
   * Resolves once each island due at load is mounted or has failed; islands that wait
   * (`data-island-when` idle, visible or interaction) are only scheduled. Never rejects.
   */
  mountIslands(root: ParentNode): Promise<void>;
  /**
   * Mounts the islands in content added under `target` later (infinite scroll, fragments,
   * popups), and unmounts islands that leave the page. Returns a function that stops watching.
   */
  observe(target: Node): () => void;
}

/** SPEC §8.1: the message for a lazily loaded part of the page that fails. */
export function chunkFailedMessage(id: string): string {
  return `Loading chunk ${id} failed.`;
}

export function createIslandLoader(
  registry: IslandRegistry,
  options: IslandLoaderOptions = {},
): IslandLoader {
  const loadTimeoutMs = options.loadTimeoutMs ?? DEFAULT_LOAD_TIMEOUT_MS;
  const navigate =
    options.navigate ??
    ((href: string) => {
      window.location.assign(href);
    });
  // Elements being loaded or mounted. An element leaves the set only when it is unmounted
  // after leaving the page, so no element ever has two live mounts.
  const handled = new WeakSet<HTMLElement>();
  const cleanups = new Map<HTMLElement, IslandCleanup>();
  // Islands waiting for idle time, visibility or an interaction: how to stop waiting.
  const waiting = new Map<HTMLElement, () => void>();

  async function mountOne(
    el: HTMLElement,
    context: () => MountContext = () => AT_ONCE,
  ): Promise<boolean> {
    const name = el.dataset.island ?? '';
    const importer = Object.hasOwn(registry, name) ? registry[name] : undefined;
    if (importer === undefined) {
      console.warn(`Unknown island ${JSON.stringify(name)}; keeping the server's markup.`);
      setState(el, 'unknown');
      return false;
    }

    let props: unknown;
    try {
      props = readProps(el);
    } catch (error) {
      console.error(`Island "${name}": data-island-props is not valid JSON.`, error);
      setState(el, 'failed');
      return false;
    }

    setState(el, 'loading');
    let module: IslandModule;
    try {
      module = await withTimeout(importer(), loadTimeoutMs, name);
    } catch (error) {
      console.error(chunkFailedMessage(name), error);
      showLoadError(el, name);
      setState(el, 'failed');
      return false;
    }

    if (!el.isConnected) {
      // Removed while its chunk was loading: forget it, so that it mounts if it comes back.
      handled.delete(el);
      delete el.dataset.islandState;
      return false;
    }

    try {
      const cleanup = module.mount(el, props, context());
      if (typeof cleanup === 'function') {
        cleanups.set(el, cleanup);
      }
      setState(el, 'mounted');
      return true;
    } catch (error) {
      console.error(`Island "${name}" failed to mount; keeping the server's markup.`, error);
      setState(el, 'failed');
      return false;
    }
  }

  /** Mounts `el` at its `data-island-when`; resolves at once for islands that wait. */
  function schedule(el: HTMLElement): Promise<void> {
    const when = whenOf(el);
    if (when === 'load') {
      return mountOne(el).then(() => undefined);
    }
    setState(el, 'waiting');
    const start = (context: () => MountContext = () => AT_ONCE) => {
      waiting.get(el)?.();
      waiting.delete(el);
      return mountOne(el, context);
    };
    const stop =
      when === 'idle'
        ? onIdle(() => void start())
        : when === 'visible'
          ? onVisible(el, () => void start())
          : onInteraction(el, start, navigate);
    waiting.set(el, stop);
    return Promise.resolve();
  }

  function mountIslands(root: ParentNode): Promise<void> {
    const pending: Promise<void>[] = [];
    for (const el of findIslands(root)) {
      if (!handled.has(el)) {
        handled.add(el);
        pending.push(schedule(el));
      }
    }
    return Promise.all(pending).then(() => undefined);
  }

  function unmountRemoved(node: Node): void {
    if (!(node instanceof Element)) {
      return;
    }
    for (const el of findIslands(node)) {
      const stopWaiting = waiting.get(el);
      if (stopWaiting !== undefined && !el.isConnected) {
        stopWaiting();
        waiting.delete(el);
        handled.delete(el);
        delete el.dataset.islandState;
        continue;
      }
      const cleanup = cleanups.get(el);
      // Still connected: it was moved, not removed (both records arrive in one batch).
      if (cleanup === undefined || el.isConnected) {
        continue;
      }
      cleanups.delete(el);
      handled.delete(el);
      setState(el, 'unmounted');
      try {
        cleanup();
      } catch (error) {
        console.error(`Island "${el.dataset.island ?? ''}" failed to unmount.`, error);
      }
    }
  }

  function observe(target: Node): () => void {
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        record.removedNodes.forEach(unmountRemoved);
      }
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node instanceof Element && node.isConnected) {
            void mountIslands(node);
          }
        }
      }
    });
    observer.observe(target, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
    };
  }

  return { mountIslands, observe };
}

function findIslands(root: ParentNode): HTMLElement[] {
  const found: HTMLElement[] = [];
  if (root instanceof HTMLElement && root.matches(ISLAND_SELECTOR)) {
    found.push(root);
  }
  for (const el of root.querySelectorAll(ISLAND_SELECTOR)) {
    if (el instanceof HTMLElement) {
      found.push(el);
    }
  }
  return found;
}

/** `data-island-when`; anything else than the four values means `load`. */
function whenOf(el: HTMLElement): IslandWhen {
  const when = el.dataset.islandWhen;
  return when === 'idle' || when === 'visible' || when === 'interaction' ? when : 'load';
}

/** Runs `run` once the browser is idle (soon, where it cannot say). Returns a canceller. */
function onIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: 2_000 });
    return () => {
      window.cancelIdleCallback(handle);
    };
  }
  const timer = setTimeout(run, 1);
  return () => {
    clearTimeout(timer);
  };
}

/** Runs `run` once `el` comes into view (at once without IntersectionObserver). */
function onVisible(el: HTMLElement, run: () => void): () => void {
  if (typeof IntersectionObserver !== 'function') {
    return onIdle(run);
  }
  const observer = new IntersectionObserver((entries) => {
    if (entries.some((entry) => entry.isIntersecting)) {
      observer.disconnect();
      run();
    }
  });
  observer.observe(el);
  return () => {
    observer.disconnect();
  };
}

/**
 * Starts loading on the first hover, focus or click inside `el`, or when a script asks
 * (an `island-activate` event on `el`). A click is held back (its
 * default action prevented) while the island loads and is then handed to the island as
 * `activatedBy: 'click'`; if the island cannot load, a click on a link follows the link, so
 * the shopper still gets where the fallback would have taken them.
 */
function onInteraction(
  el: HTMLElement,
  start: (context: () => MountContext) => Promise<boolean>,
  navigate: (href: string) => void,
): () => void {
  let activatedBy: MountContext['activatedBy'] = null;
  let clickedLink: string | null = null;
  let started = false;
  const begin = () => {
    if (started) {
      return;
    }
    started = true;
    void start(() => ({ activatedBy })).then((mounted) => {
      el.removeEventListener('click', onClick, true);
      if (!mounted && clickedLink !== null) {
        navigate(clickedLink);
      }
    });
  };
  const onHover = () => {
    activatedBy ??= 'hover';
    begin();
  };
  const onFocus = () => {
    activatedBy ??= 'focus';
    begin();
  };
  const onClick = (event: MouseEvent) => {
    event.preventDefault();
    activatedBy = 'click';
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    clickedLink = link?.getAttribute('href') ?? null;
    begin();
  };
  const onRequest = () => {
    activatedBy ??= 'request';
    begin();
  };
  el.addEventListener('pointerenter', onHover, { once: true });
  el.addEventListener('focusin', onFocus, { once: true });
  el.addEventListener(ACTIVATE_EVENT, onRequest, { once: true });
  el.addEventListener('click', onClick, true);
  return () => {
    el.removeEventListener('pointerenter', onHover);
    el.removeEventListener('focusin', onFocus);
    el.removeEventListener(ACTIVATE_EVENT, onRequest);
    if (!started) {
      el.removeEventListener('click', onClick, true);
    }
  };
}

/** The parsed `data-island-props`; `{}` when absent. Throws on malformed JSON. */
function readProps(el: HTMLElement): unknown {
  const raw = el.dataset.islandProps;
  return raw === undefined ? {} : JSON.parse(raw);
}

function setState(el: HTMLElement, state: IslandState): void {
  el.dataset.islandState = state;
}

function showLoadError(el: HTMLElement, name: string): void {
  const message = el.ownerDocument.createElement('p');
  message.className = 'island-error';
  message.setAttribute('role', 'alert');
  message.textContent = chunkFailedMessage(name);
  el.append(message);
}

function withTimeout<T>(promise: Promise<T>, ms: number, name: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`Island "${name}" did not load within ${ms} ms.`));
    }, ms);
  });
  return Promise.race([promise, timeout]).finally(() => {
    clearTimeout(timer);
  });
}

let started = false;
const pageLoader = createIslandLoader(islands);

/** Mounts the islands in `root` with the real registry, e.g. after inserting a fragment. */
export function mountIslands(root: ParentNode): Promise<void> {
  return pageLoader.mountIslands(root);
}

/** Mounts the page's islands and keeps mounting those in content added later. Runs once. */
export function startIslands(body: HTMLElement): void {
  if (started) {
    return;
  }
  started = true;
  pageLoader.observe(body);
  void pageLoader.mountIslands(body);
}

// When a part of the page loaded on demand becomes due: idle time, the viewport, or the
// shopper's first interaction. A trigger may also hold the clicks that come before the part is
// ready, so that they can be given to it, or to the page's own fallback if it cannot load.

import { ACTIVATE_EVENT, type MountContext } from '../islands/types';

/**
 * - `idle`: once the browser is idle;
 * - `visible`: once the element is in view;
 * - `near`: once it is within 200 px of the viewport;
 * - `interaction`: on the first hover, focus or click inside it, or an `island-activate` event.
 */
export type TriggerWhen = 'idle' | 'visible' | 'near' | 'interaction';

export type Activation = MountContext['activatedBy'];

/** Clicks held: `none`; `all` plain clicks, or `stop` them too, so no other listener sees them. */
export type ClickHold = 'none' | 'hold' | 'stop';

export interface Trigger {
  /**
   * Stops waiting and holding. Returns the elements whose clicks were held (default action
   * prevented), oldest first, for the caller to give to the part or to the page's fallback.
   */
  release(): HTMLElement[];
}

/** A click with the main button and no modifier (a modified click opens a tab: never held). */
export function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * Calls `begin` once, when `when` comes (a click counts for every `when` that holds clicks).
 * Clicks inside `el` keep being held until `release()`, also after `begin`.
 */
export function waitFor(
  el: HTMLElement,
  when: TriggerWhen,
  hold: ClickHold,
  begin: (activation: Activation) => void,
): Trigger {
  const held: HTMLElement[] = [];
  const stops: (() => void)[] = [];
  let begun = false;
  const fire = (activation: Activation): void => {
    if (begun) {
      return;
    }
    begun = true;
    // The triggers other than the click hold have done their work.
    for (const stop of stops.splice(0)) {
      stop();
    }
    begin(activation);
  };
  const onClick = (event: MouseEvent): void => {
    if (!isPlainClick(event) || !(event.target instanceof HTMLElement)) {
      return;
    }
    event.preventDefault();
    if (hold === 'stop') {
      event.stopPropagation();
    }
    held.push(event.target);
    fire('click');
  };
  if (hold !== 'none') {
    el.addEventListener('click', onClick, true);
  }
  if (when === 'idle') {
    stops.push(onIdle(el, () => {
      fire(null);
    }));
  } else if (when === 'visible' || when === 'near') {
    stops.push(
      onVisible(el, when === 'near' ? '200px 0px' : undefined, () => {
        fire(null);
      }),
    );
  } else {
    const listen = (type: string, activation: Activation): void => {
      const run = (): void => {
        fire(activation);
      };
      el.addEventListener(type, run);
      stops.push(() => {
        el.removeEventListener(type, run);
      });
    };
    listen('pointerenter', 'hover');
    listen('focusin', 'focus');
    listen(ACTIVATE_EVENT, 'request');
  }
  return {
    release() {
      for (const stop of stops.splice(0)) {
        stop();
      }
      el.removeEventListener('click', onClick, true);
      return held.splice(0);
    },
  };
}

/** Runs `run` once the browser is idle (soon, where it cannot say). Returns a canceller. */
function onIdle(el: HTMLElement, run: () => void): () => void {
  const win = el.ownerDocument.defaultView;
  if (win !== null && typeof win.requestIdleCallback === 'function') {
    const handle = win.requestIdleCallback(run, { timeout: 2_000 });
    return () => {
      win.cancelIdleCallback(handle);
    };
  }
  const timer = setTimeout(run, 1);
  return () => {
    clearTimeout(timer);
  };
}

/** Runs `run` once `el` comes into view, or within `rootMargin` of it (when idle without IntersectionObserver). */
function onVisible(el: HTMLElement, rootMargin: string | undefined, run: () => void): () => void {
  if (typeof IntersectionObserver !== 'function') {
    return onIdle(el, run);
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        run();
      }
    },
    rootMargin === undefined ? {} : { rootMargin },
  );
  observer.observe(el);
  return () => {
    observer.disconnect();
  };
}

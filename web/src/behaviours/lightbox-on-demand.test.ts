import { getByRole, queryByRole, waitFor } from '@testing-library/dom';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lightboxOnDemand } from './lightbox-on-demand';
import { lightbox } from './lightboxes';
import type { Behaviour, LazyBehaviour } from './types';

const undos: (() => void)[] = [];

// jsdom has no modal dialogs: open and close as the browser does, minus the top layer.
beforeEach(() => {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }));
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
});

afterEach(() => {
  for (const undo of undos.splice(0)) {
    undo();
  }
  vi.unstubAllGlobals();
  document.body.replaceChildren();
  history.replaceState(null, '', '/');
});

function page(): { link: HTMLAnchorElement; other: HTMLAnchorElement; section: HTMLElement } {
  document.body.innerHTML = `
    <main><p><a class="button" href="#size-guide">Size guide</a> <a href="#elsewhere">Elsewhere</a></p>
    <section id="size-guide" data-behaviour="lightbox" aria-labelledby="size-guide-heading">
      <h2 id="size-guide-heading">Size guide</h2><p>S, M, L</p>
    </section></main>`;
  const section = document.getElementById('size-guide');
  if (section === null) {
    throw new Error('bad fixture');
  }
  return {
    link: getByRole(document.body, 'link', { name: 'Size guide' }),
    other: getByRole(document.body, 'link', { name: 'Elsewhere' }),
    section,
  };
}

/** The lightbox chunk as the registry gives it, counting its fetches; `fail` makes the next fetch fail. */
function chunk(): { lazy: LazyBehaviour; loads: () => number; failNext: () => void } {
  let loads = 0;
  let fail = false;
  const lazy: LazyBehaviour = {
    when: 'load',
    chunk: 'lightboxes',
    load: () => {
      loads += 1;
      if (fail) {
        fail = false;
        return Promise.reject(new Error('offline'));
      }
      return Promise.resolve<Behaviour>(lightbox);
    },
  };
  return { lazy, loads: () => loads, failNext: () => (fail = true) };
}

function attach(behaviour: Behaviour, el: HTMLElement): void {
  const undo = behaviour.attach(el, { runtime: () => { throw new Error('no runtime here'); } });
  if (typeof undo === 'function') {
    undos.push(undo);
  }
}

describe('lightbox on demand', () => {
  it('fetches nothing at load, yet marks its links as opening a dialog', () => {
    const { link, section } = page();
    const { lazy, loads } = chunk();
    attach(lightboxOnDemand(lazy), section);
    expect(loads()).toBe(0);
    expect(link.getAttribute('aria-haspopup')).toBe('dialog');
    expect(queryByRole(document.body, 'dialog')).toBeNull();
  });

  it('opens on the first click of its link once the chunk has come, focus on Close, no hash in the URL', async () => {
    const { link, section } = page();
    const { lazy, loads } = chunk();
    attach(lightboxOnDemand(lazy), section);
    await userEvent.click(link);
    const dialog = await waitFor(() => getByRole(document.body, 'dialog', { name: 'Size guide' }));
    expect(dialog.contains(section)).toBe(true);
    expect(document.activeElement).toBe(getByRole(dialog, 'button', { name: 'Close' }));
    expect(location.hash).toBe('');
    expect(loads()).toBe(1);
  });

  it('starts the fetch when its link is hovered or focused, and only for its own links', async () => {
    const { link, other, section } = page();
    const { lazy, loads } = chunk();
    attach(lightboxOnDemand(lazy), section);
    other.focus();
    await userEvent.hover(other);
    expect(loads()).toBe(0);
    link.focus();
    expect(loads()).toBe(1);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => getByRole(document.body, 'dialog', { name: 'Size guide' }));
    expect(loads()).toBe(1);
  });

  it('opens at once for a page loaded with its hash', async () => {
    history.replaceState(null, '', '/#size-guide');
    const { section } = page();
    const { lazy } = chunk();
    attach(lightboxOnDemand(lazy), section);
    await waitFor(() => getByRole(document.body, 'dialog', { name: 'Size guide' }));
  });

  it('tries again on the next click when the chunk failed', async () => {
    const { link, section } = page();
    const { lazy, loads, failNext } = chunk();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    failNext();
    attach(lightboxOnDemand(lazy), section);
    // A click alone (no hover before it that would fetch the chunk first).
    link.click();
    await waitFor(() => {
      expect(error).toHaveBeenCalledWith('Loading chunk lightboxes failed.', expect.any(Error));
    });
    expect(queryByRole(document.body, 'dialog')).toBeNull();
    await userEvent.click(link);
    await waitFor(() => getByRole(document.body, 'dialog', { name: 'Size guide' }));
    expect(loads()).toBe(2);
  });
});

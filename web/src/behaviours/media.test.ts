import { getByRole, queryByRole } from '@testing-library/dom';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeButtonSettings, REMOVAL_DELAY_MS } from '../media/dialog';
import { lightbox, pageContent } from './lightboxes';
import { backgroundVideo, galleryImages, videoLink } from './media';
import type { Behaviour } from './types';

let reducedMotion = false;
const undos: (() => void)[] = [];

/** Attaches like the runner does, undone after the test (the lightbox listens on the document). */
function attach(behaviour: Behaviour, el: HTMLElement): void {
  const undo = behaviour.attach(el);
  if (typeof undo === 'function') {
    undos.push(undo);
  }
}

// jsdom has no modal dialogs: open and close as the browser does, minus the top layer.
beforeEach(() => {
  reducedMotion = false;
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reducedMotion && query.includes('reduce'), media: query }));
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (this.open) {
      this.removeAttribute('open');
      this.dispatchEvent(new Event('close'));
    }
  };
});

afterEach(() => {
  for (const undo of undos.splice(0)) {
    undo();
  }
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

function page(panel = 'lightbox'): { link: HTMLAnchorElement; section: HTMLElement } {
  document.body.innerHTML = `
    <main><p><a class="button" href="#size-guide">Size guide</a> <a href="#elsewhere">Elsewhere</a></p>
    <section id="size-guide" data-behaviour="lightbox" data-panel="${panel}" aria-labelledby="size-guide-heading">
      <h2 id="size-guide-heading">Size guide</h2><p>S, M, L</p>
    </section></main>`;
  const section = document.getElementById('size-guide');
  if (section === null) {
    throw new Error('bad fixture');
  }
  return { link: getByRole(document.body, 'link', { name: 'Size guide' }), section };
}

const escape = (dialog: HTMLDialogElement): void => {
  dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
};

describe('lightbox behaviour', () => {
  it('moves the content into a closed dialog named by its heading, opened by a link to its id', async () => {
    const { link, section } = page();
    attach(lightbox, section);
    expect(queryByRole(document.body, 'dialog')).toBeNull();
    expect(link.getAttribute('aria-haspopup')).toBe('dialog');
    await userEvent.click(link);
    const dialog = getByRole(document.body, 'dialog', { name: 'Size guide' });
    expect(dialog).toBeInstanceOf(HTMLDialogElement);
    expect(dialog.contains(section)).toBe(true);
    expect(dialog.className).toContain('lightbox--lightbox');
    expect(document.activeElement).toBe(getByRole(dialog, 'button', { name: 'Close' }));
  });

  it('closes on Escape after the 300 ms removal delay and gives focus back to the link', async () => {
    const { link, section } = page();
    attach(lightbox, section);
    link.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = document.querySelector('dialog');
    if (dialog === null) {
      throw new Error('not opened');
    }
    vi.useFakeTimers();
    escape(dialog);
    expect(dialog.open).toBe(true);
    expect(dialog.classList.contains('is-closing')).toBe(true);
    vi.advanceTimersByTime(REMOVAL_DELAY_MS - 1);
    expect(dialog.open).toBe(true);
    vi.advanceTimersByTime(1);
    expect(dialog.open).toBe(false);
    expect(document.activeElement).toBe(link);
  });

  it('closes at once with reduced motion, and from its Close button', async () => {
    reducedMotion = true;
    const { link, section } = page('offcanvas_right');
    attach(lightbox, section);
    await userEvent.click(link);
    const dialog = getByRole(document.body, 'dialog', { name: 'Size guide' });
    expect(dialog.className).toContain('lightbox--offcanvas-right');
    await userEvent.click(getByRole(dialog, 'button', { name: 'Close' }));
    expect((dialog as HTMLDialogElement).open).toBe(false);
    expect(document.activeElement).toBe(link);
  });

  it('leaves other links and clicks with a modifier alone', async () => {
    const { section } = page();
    attach(lightbox, section);
    await userEvent.click(getByRole(document.body, 'link', { name: 'Elsewhere' }));
    expect(document.querySelector('dialog')?.open).toBe(false);
  });

  it('puts the content back where it was when undone', () => {
    const { section } = page();
    const undo = lightbox.attach(section);
    undo?.();
    expect(document.querySelector('dialog')).toBeNull();
    expect(section.parentElement?.tagName).toBe('MAIN');
  });

  it('reads the close-button settings, with the defaults for anything else', () => {
    expect(closeButtonSettings({ theme: { lightbox: { close_markup: '<b>x</b>', close_btn_inside: true } } })).toEqual({
      markup: '<b>x</b>',
      inside: true,
    });
    expect(closeButtonSettings({ theme: { lightbox: { close_btn_inside: 'yes' } } })).toEqual({ markup: '', inside: false });
    expect(closeButtonSettings(null)).toEqual({ markup: '', inside: false });
  });
});

describe('page-lightbox content', () => {
  it('takes the page heading and its text, without scripts or forms', () => {
    const found = pageContent(
      `<html><body><header>menu</header><main><article><h1>Terms and conditions</h1><div class="content-page__body"><p>Be nice.</p><script>alert(1)</script><form></form></div></article></main></body></html>`,
      document,
    );
    expect(found?.heading).toBe('Terms and conditions');
    const box = document.createElement('div');
    box.append(found?.content ?? '');
    expect(box.innerHTML).toBe('<p>Be nice.</p>');
    expect(pageContent('<p>no main</p>', document)).toBeNull();
  });
});

describe('video-link behaviour', () => {
  it('plays the film inline in a video player in place of the link', async () => {
    document.body.innerHTML = '<p><a href="/media/demo/studio.mp4" data-open="inline">Watch the film</a></p>';
    const link = getByRole(document.body, 'link', { name: 'Watch the film' });
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
    videoLink.attach(link);
    await userEvent.click(link);
    const video = document.querySelector('video');
    expect(video?.controls).toBe(true);
    expect(video?.getAttribute('src')).toContain('/media/demo/studio.mp4');
    expect(video?.getAttribute('aria-label')).toBe('Watch the film');
    expect(link.hidden).toBe(true);
    expect(play).toHaveBeenCalled();
  });
});

describe('video-link in a lightbox', () => {
  it('plays the film in a video lightbox named by the link, and pauses it on closing', async () => {
    reducedMotion = true;
    document.body.innerHTML = '<p><a href="/media/demo/studio.mp4" data-open="lightbox">Watch the film</a></p>';
    const link = getByRole(document.body, 'link', { name: 'Watch the film' });
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    attach(videoLink, link);
    expect(link.getAttribute('aria-haspopup')).toBe('dialog');
    await userEvent.click(link);
    const dialog = getByRole(document.body, 'dialog', { name: 'Watch the film' });
    expect(dialog.querySelector('video')?.controls).toBe(true);
    expect(link.hidden).toBe(false);
    await userEvent.click(getByRole(dialog, 'button', { name: 'Close' }));
    expect(pause).toHaveBeenCalled();
    expect(document.activeElement).toBe(link);
  });
});

describe('background-video behaviour', () => {
  function banner(): HTMLElement {
    document.body.innerHTML = `<div data-behaviour="background-video"><video muted loop playsinline poster="/p.svg" src="/v.mp4"></video>
      <button type="button" data-video-toggle hidden>Play video</button></div>`;
    const el = document.querySelector<HTMLElement>('[data-behaviour]');
    if (el === null) {
      throw new Error('bad fixture');
    }
    return el;
  }

  let visible: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
  beforeEach(() => {
    visible = undefined;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
          visible = callback;
        }
        observe = vi.fn();
        disconnect = vi.fn();
      },
    );
  });

  it('plays while on screen and pauses off screen', () => {
    const el = banner();
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockReturnValueOnce(true).mockReturnValue(false);
    backgroundVideo.attach(el);
    visible?.([{ isIntersecting: true }]);
    expect(play).toHaveBeenCalledTimes(1);
    visible?.([{ isIntersecting: false }]);
    expect(pause).toHaveBeenCalledTimes(1);
  });

  it('does not start with reduced motion: the poster shows, with a Play button', () => {
    reducedMotion = true;
    const el = banner();
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
    backgroundVideo.attach(el);
    visible?.([{ isIntersecting: true }]);
    expect(play).not.toHaveBeenCalled();
    const button = getByRole(el, 'button', { name: 'Play video' });
    expect(button.hidden).toBe(false);
    button.click();
    expect(play).toHaveBeenCalledTimes(1);
  });
});

describe('home gallery', () => {
  it('reads each thumbnail link as a gallery image with its size', () => {
    document.body.innerHTML = `<a href="/media/a.svg" data-gallery-width="600" data-gallery-height="400"><img src="/media/a.svg" alt="A tee"></a>`;
    const [image] = galleryImages([...document.querySelectorAll('a')]);
    expect(image).toMatchObject({ alt: 'A tee', fullWidth: 600, fullHeight: 400 });
    expect(image?.full).toContain('/media/a.svg');
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for lottie-web's animation: records what the behaviour asks of it. */
const animation = {
  totalFrames: 61,
  isPaused: true,
  listeners: new Map<string, (() => void)[]>(),
  calls: [] as string[],
  addEventListener(name: string, callback: () => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), callback]);
    return () => undefined;
  },
  emit(name: string) {
    for (const callback of this.listeners.get(name) ?? []) {
      callback();
    }
  },
  setSegment(first: number, last: number) {
    this.calls.push(`segment ${String(first)}-${String(last)}`);
  },
  setSpeed(speed: number) {
    this.calls.push(`speed ${String(speed)}`);
  },
  setDirection(direction: number) {
    this.calls.push(`direction ${String(direction)}`);
  },
  goToAndStop(frame: number) {
    this.calls.push(`still ${String(frame)}`);
  },
  play() {
    this.isPaused = false;
    this.calls.push('play');
  },
  pause() {
    this.isPaused = true;
    this.calls.push('pause');
  },
  destroy() {
    this.calls.push('destroy');
  },
};
const loadAnimation = vi.fn(() => animation);
vi.mock('lottie-web/build/player/lottie_light', () => ({ default: { loadAnimation } }));

const { lottieBlock } = await import('./lottie');

let reducedMotion = false;
let seen: ((entries: { isIntersecting: boolean }[]) => void) | undefined;

beforeEach(() => {
  reducedMotion = false;
  animation.listeners.clear();
  animation.calls = [];
  animation.isPaused = true;
  loadAnimation.mockClear();
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reducedMotion && query.includes('reduce'), media: query }));
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
        seen = callback;
      }
      observe = vi.fn();
      disconnect = vi.fn();
    },
  );
  vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('{"v":"5.7.4"}', { status: 200 }))));
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

/** A block as the server writes it, shown and drawn. */
async function drawn(settings: Record<string, string>): Promise<HTMLElement> {
  document.body.innerHTML = '<div data-behaviour="lottie"><div class="home-lottie__frame" role="img" aria-label="A tee"></div><button type="button" data-lottie-toggle hidden>Play animation</button></div>';
  const el = document.querySelector<HTMLElement>('[data-behaviour]');
  if (el === null) {
    throw new Error('bad fixture');
  }
  Object.assign(el.dataset, { src: '/media/a.json', ...settings });
  lottieBlock.attach(el);
  // Nothing is fetched or drawn before the block is seen.
  expect(loadAnimation).not.toHaveBeenCalled();
  seen?.([{ isIntersecting: true }]);
  await vi.waitFor(() => {
    expect(animation.listeners.has('DOMLoaded')).toBe(true);
  });
  animation.emit('DOMLoaded');
  return el;
}

describe('lottie behaviour', () => {
  it('fetches the animation when it is seen, plays its part at its speed, and autoplays', async () => {
    await drawn({ autoplay: 'true', start: '50', end: '100', speed: '2', controls: 'true' });
    expect(fetch).toHaveBeenCalledWith('/media/a.json', expect.anything());
    expect(animation.calls).toEqual(['segment 30-61', 'speed 2', 'direction 1', 'still 0', 'direction 1', 'play']);
    const toggle = document.querySelector('button');
    expect(toggle?.hidden).toBe(false);
    expect(toggle?.textContent).toBe('Pause animation');
    toggle?.click();
    expect(animation.calls.at(-1)).toBe('pause');
    expect(toggle?.textContent).toBe('Play animation');
  });

  it('shows a still frame under reduced motion and ignores hover', async () => {
    reducedMotion = true;
    const el = await drawn({ autoplay: 'true', trigger: 'hover' });
    el.dispatchEvent(new MouseEvent('mouseenter'));
    expect(animation.calls).not.toContain('play');
    expect(animation.calls).toContain('still 0');
  });

  it('plays on hover and back to its start on mouseout with reverse', async () => {
    const el = await drawn({ trigger: 'hover', mouseout: 'reverse' });
    animation.calls = [];
    el.dispatchEvent(new MouseEvent('mouseenter'));
    el.dispatchEvent(new MouseEvent('mouseleave'));
    expect(animation.calls).toEqual(['direction 1', 'play', 'direction -1', 'play']);
  });

  it('plays and pauses on click, Enter or Space with the click trigger', async () => {
    await drawn({ trigger: 'click' });
    const frame = document.querySelector<HTMLElement>('.home-lottie__frame');
    expect(frame?.tabIndex).toBe(0);
    animation.calls = [];
    frame?.click();
    frame?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    expect(animation.calls).toEqual(['direction 1', 'play', 'pause']);
  });
});

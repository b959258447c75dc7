// `lottie` on a vector animation block (SPEC §3.5): lottie-web's light build (SVG renderer, no
// `eval`), in a chunk of its own that only a page with such a block fetches (lazy-chunk.ts).
// The animation's JSON is fetched when the block comes near the viewport; it then plays as
// its settings say (media/lottie-options.ts). With reduced motion it shows its first frame
// and starts only when the shopper asks (the controls, or the click trigger).

import lottie from 'lottie-web/build/player/lottie_light';
import type { AnimationItem } from 'lottie-web';
import { prefersReducedMotion } from '../lib/scroll';
import {
  hoverAction,
  initialState,
  parseLottieOptions,
  scrollProgress,
  segmentFrames,
  type LottieOptions,
} from '../media/lottie-options';
import type { Behaviour, BehaviourRegistry } from './types';

/** Draws and runs the animation in `frame` once its data has come. */
function run(el: HTMLElement, frame: HTMLElement, options: LottieOptions, data: unknown): () => void {
  const win = el.ownerDocument.defaultView ?? window;
  const reduced = prefersReducedMotion(win);
  const toggle = el.querySelector<HTMLButtonElement>('[data-lottie-toggle]');
  const animation: AnimationItem = lottie.loadAnimation({
    container: frame,
    renderer: 'svg',
    loop: options.loop,
    autoplay: false,
    animationData: data,
    rendererSettings: { preserveAspectRatio: 'xMidYMid meet' },
  });
  const undo: (() => void)[] = [() => {
    animation.destroy();
  }];
  const label = (): void => {
    if (toggle !== null) {
      toggle.textContent = animation.isPaused ? 'Play animation' : 'Pause animation';
    }
  };
  const play = (direction: 1 | -1 = options.direction): void => {
    animation.setDirection(direction);
    animation.play();
    label();
  };
  const pause = (): void => {
    animation.pause();
    label();
  };
  animation.addEventListener('DOMLoaded', () => {
    // The placeholder stays: it keeps the block's size, and the player's own SVG lies over it
    // (home.css), so drawing the animation moves nothing on the page.
    const [first, last] = segmentFrames(animation.totalFrames, options);
    animation.setSegment(first, last + 1);
    animation.setSpeed(options.speed);
    animation.setDirection(options.direction);
    // The still frame: where the animation starts in its direction.
    animation.goToAndStop(options.direction === 1 ? 0 : last - first, true);
    if (initialState(options, reduced) === 'play') {
      play();
    }
    label();
  });
  animation.addEventListener('complete', label);

  if (toggle !== null) {
    toggle.hidden = false;
    const onToggle = (): void => {
      if (animation.isPaused) {
        play();
      } else {
        pause();
      }
    };
    toggle.addEventListener('click', onToggle);
    undo.push(() => {
      toggle.removeEventListener('click', onToggle);
    });
  }

  if (options.trigger === 'click') {
    frame.tabIndex = 0;
    const onClick = (): void => {
      if (animation.isPaused) {
        play();
      } else {
        pause();
      }
    };
    const onKey = (event: KeyboardEvent): void => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        onClick();
      }
    };
    frame.addEventListener('click', onClick);
    frame.addEventListener('keydown', onKey);
    undo.push(() => {
      frame.removeEventListener('click', onClick);
      frame.removeEventListener('keydown', onKey);
    });
  } else if (options.trigger === 'hover' && !reduced) {
    const on = (event: 'enter' | 'leave') => (): void => {
      const action = hoverAction(event, options);
      if (action.play) {
        play(action.direction);
      } else {
        pause();
      }
    };
    const enter = on('enter');
    const leave = on('leave');
    el.addEventListener('mouseenter', enter);
    el.addEventListener('mouseleave', leave);
    undo.push(() => {
      el.removeEventListener('mouseenter', enter);
      el.removeEventListener('mouseleave', leave);
    });
  } else if (options.trigger === 'scroll' && !reduced) {
    if (options.scrollAction === 'seek') {
      let queued = false;
      const seek = (): void => {
        queued = false;
        const box = el.getBoundingClientRect();
        const progress = scrollProgress(box.top, box.height, win.innerHeight, options);
        const [first, last] = segmentFrames(animation.totalFrames, options);
        const frames = last - first;
        const at = options.direction === 1 ? progress * frames : (1 - progress) * frames;
        animation.goToAndStop(at, true);
      };
      const onScroll = (): void => {
        if (!queued) {
          queued = true;
          win.requestAnimationFrame(seek);
        }
      };
      win.addEventListener('scroll', onScroll, { passive: true });
      animation.addEventListener('DOMLoaded', seek);
      undo.push(() => {
        win.removeEventListener('scroll', onScroll);
      });
    } else {
      const observer = new win.IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) {
            observer.disconnect();
            play();
          }
        },
        { threshold: 0.5 },
      );
      observer.observe(el);
      undo.push(() => {
        observer.disconnect();
      });
    }
  }
  return () => {
    for (const step of undo) {
      step();
    }
  };
}

export const lottieBlock: Behaviour = {
  attach(el) {
    const options = parseLottieOptions(el.dataset);
    const frame = el.querySelector<HTMLElement>('.home-lottie__frame');
    const win = el.ownerDocument.defaultView;
    if (frame === null || win === null || options.src === '') {
      return;
    }
    let stop: (() => void) | undefined;
    let cancelled = false;
    const load = async (): Promise<void> => {
      try {
        const reply = await win.fetch(options.src, { headers: { Accept: 'application/json' } });
        if (!reply.ok) {
          throw new Error(`${options.src}: ${String(reply.status)}`);
        }
        const data: unknown = await reply.json();
        if (!cancelled) {
          stop = run(el, frame, options, data);
        }
      } catch (error) {
        // The placeholder (with the block's label) stays.
        console.error('The animation could not be loaded.', error);
      }
    };
    const observer = new win.IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          void load();
        }
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(el);
    return () => {
      cancelled = true;
      observer.disconnect();
      stop?.();
    };
  },
};

/** The chunk's one behaviour, by its `data-behaviour` name. */
export const lottieBehaviours = {
  lottie: lottieBlock,
} satisfies BehaviourRegistry;

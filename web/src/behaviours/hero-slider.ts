// The home page's hero slider, a WAI-ARIA carousel (issue 14). The server writes every slide
// (a group named "N of M") in a row that scrolls sideways without JavaScript. Here one slide
// shows at a time, the Previous slide / Next slide buttons move (wrapping around), and with
// `data-autoplay="SECONDS"` the slides move on by themselves: never for visitors who prefer
// reduced motion, paused while the pointer or keyboard focus is in the slider, and stopped
// for good by the rotation button. While rotating the slides are not announced
// (`aria-live="off"`); moved by hand, the new slide is.

import { prefersReducedMotion } from '../lib/scroll';
import type { Behaviour } from './types';

const STOP_LABEL = 'Stop automatic slide show';
const START_LABEL = 'Start automatic slide show';

export const heroSlider: Behaviour = {
  attach(el) {
    const win = el.ownerDocument.defaultView;
    const track = el.querySelector<HTMLElement>('.home-hero__slides');
    const slides = [...el.querySelectorAll<HTMLElement>('[data-slide]')];
    const controls = el.querySelector<HTMLElement>('.home-hero__controls');
    const prev = el.querySelector<HTMLButtonElement>('[data-slider-prev]');
    const next = el.querySelector<HTMLButtonElement>('[data-slider-next]');
    const rotation = el.querySelector<HTMLButtonElement>('[data-slider-rotation]');
    if (win === null || track === null || controls === null || prev === null || next === null || slides.length < 2) {
      return;
    }
    let current = 0;
    const show = (index: number): void => {
      current = (index + slides.length) % slides.length;
      slides.forEach((slide, i) => {
        slide.hidden = i !== current;
      });
    };
    el.classList.add('home-hero--enhanced');
    controls.hidden = false;
    show(0);

    const seconds = Number(el.dataset.autoplay ?? '0');
    let wanted = Number.isFinite(seconds) && seconds > 0 && !prefersReducedMotion(win);
    let timer: number | undefined;
    let hovered = false;
    let focused = false;
    const sync = (): void => {
      const running = wanted && !hovered && !focused;
      if (running && timer === undefined) {
        timer = win.setInterval(() => {
          show(current + 1);
        }, seconds * 1000);
      } else if (!running && timer !== undefined) {
        win.clearInterval(timer);
        timer = undefined;
      }
      track.setAttribute('aria-live', running ? 'off' : 'polite');
      if (rotation !== null) {
        rotation.setAttribute('aria-label', wanted ? STOP_LABEL : START_LABEL);
        rotation.classList.toggle('is-stopped', !wanted);
      }
    };
    if (rotation !== null && !wanted) {
      // Reduced motion: the slider never moves by itself, so there is nothing to stop.
      rotation.hidden = true;
    }
    sync();

    const onPrev = (): void => {
      show(current - 1);
    };
    const onNext = (): void => {
      show(current + 1);
    };
    const onRotation = (): void => {
      wanted = !wanted;
      sync();
    };
    const onEnter = (): void => {
      hovered = true;
      sync();
    };
    const onLeave = (): void => {
      hovered = false;
      sync();
    };
    const onFocusIn = (): void => {
      focused = true;
      sync();
    };
    const onFocusOut = (event: FocusEvent): void => {
      if (!(event.relatedTarget instanceof Node && el.contains(event.relatedTarget))) {
        focused = false;
        sync();
      }
    };
    prev.addEventListener('click', onPrev);
    next.addEventListener('click', onNext);
    rotation?.addEventListener('click', onRotation);
    el.addEventListener('mouseenter', onEnter);
    el.addEventListener('mouseleave', onLeave);
    el.addEventListener('focusin', onFocusIn);
    el.addEventListener('focusout', onFocusOut);
    return () => {
      wanted = false;
      sync();
      prev.removeEventListener('click', onPrev);
      next.removeEventListener('click', onNext);
      rotation?.removeEventListener('click', onRotation);
      el.removeEventListener('mouseenter', onEnter);
      el.removeEventListener('mouseleave', onLeave);
      el.removeEventListener('focusin', onFocusIn);
      el.removeEventListener('focusout', onFocusOut);
    };
  },
};

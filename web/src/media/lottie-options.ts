// A vector animation block's settings (SPEC §3.5), read from its data attributes, and the
// decisions the player makes from them: the frames to play, what a trigger does, how far a
// scroll-driven animation is. Pure, so tested without the player (web/src/behaviours/lottie.ts).

export type LottieTrigger = 'none' | 'scroll' | 'hover' | 'click';

export interface LottieOptions {
  readonly src: string;
  readonly autoplay: boolean;
  readonly controls: boolean;
  /** 1 forwards, -1 backwards. */
  readonly direction: 1 | -1;
  /** Percent of the frames where it starts and ends, start < end. */
  readonly start: number;
  readonly end: number;
  readonly loop: boolean;
  /** 0.1–5. */
  readonly speed: number;
  readonly trigger: LottieTrigger;
  /** With the hover trigger: leaving plays it back to its start (else it stops). */
  readonly reverseOnMouseout: boolean;
  /** With the scroll trigger: play once in view, or follow the scroll position. */
  readonly scrollAction: 'play' | 'seek';
  /** Percent of the viewport's height, from its bottom, between which a seeking one runs. */
  readonly visibilityStart: number;
  readonly visibilityEnd: number;
}

function percent(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) ? Math.min(100, Math.max(0, n)) : fallback;
}

/** The settings of a block's `data-*` attributes; anything unreadable takes its default. */
export function parseLottieOptions(data: DOMStringMap): LottieOptions {
  let start = percent(data.start, 0);
  let end = percent(data.end, 100);
  if (start >= end) {
    [start, end] = [0, 100];
  }
  let visibilityStart = percent(data.visibilityStart, 0);
  let visibilityEnd = percent(data.visibilityEnd, 100);
  if (visibilityStart >= visibilityEnd) {
    [visibilityStart, visibilityEnd] = [0, 100];
  }
  const speed = Number(data.speed);
  const trigger = data.trigger;
  return {
    src: data.src ?? '',
    autoplay: data.autoplay === 'true',
    controls: data.controls === 'true',
    direction: data.direction === 'reverse' ? -1 : 1,
    start,
    end,
    loop: data.loop === 'true',
    speed: Number.isFinite(speed) && speed > 0 ? Math.min(5, Math.max(0.1, speed)) : 1,
    trigger: trigger === 'scroll' || trigger === 'hover' || trigger === 'click' ? trigger : 'none',
    reverseOnMouseout: data.mouseout === 'reverse',
    scrollAction: data.scrollAction === 'seek' ? 'seek' : 'play',
    visibilityStart,
    visibilityEnd,
  };
}

/** The frames [first, last] the start and end percentages select of `totalFrames`. */
export function segmentFrames(totalFrames: number, options: Pick<LottieOptions, 'start' | 'end'>): [number, number] {
  const last = Math.max(0, totalFrames - 1);
  const first = Math.min(last, Math.round((last * options.start) / 100));
  return [first, Math.max(first, Math.round((last * options.end) / 100))];
}

/** What the animation does when it is ready: play, or show its still first frame. */
export function initialState(options: LottieOptions, reducedMotion: boolean): 'play' | 'still' {
  if (reducedMotion) {
    return 'still';
  }
  return options.autoplay && options.trigger !== 'scroll' ? 'play' : 'still';
}

/** What the pointer entering or leaving a hover-triggered animation does. */
export function hoverAction(
  event: 'enter' | 'leave',
  options: Pick<LottieOptions, 'direction' | 'reverseOnMouseout'>,
): { play: boolean; direction: 1 | -1 } {
  if (event === 'enter') {
    return { play: true, direction: options.direction };
  }
  return options.reverseOnMouseout
    ? { play: true, direction: options.direction === 1 ? -1 : 1 }
    : { play: false, direction: options.direction };
}

/**
 * How far (0–1) a scroll-seeking animation is: 0 while the block's middle is below
 * `visibilityStart` percent of the viewport's height (counted from its bottom), 1 once it is
 * above `visibilityEnd`, in proportion between.
 */
export function scrollProgress(
  blockTop: number,
  blockHeight: number,
  viewportHeight: number,
  options: Pick<LottieOptions, 'visibilityStart' | 'visibilityEnd'>,
): number {
  if (viewportHeight <= 0) {
    return 0;
  }
  const middle = blockTop + blockHeight / 2;
  const fromBottom = ((viewportHeight - middle) / viewportHeight) * 100;
  const span = options.visibilityEnd - options.visibilityStart;
  return Math.min(1, Math.max(0, (fromBottom - options.visibilityStart) / span));
}

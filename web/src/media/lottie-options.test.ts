import { describe, expect, it } from 'vitest';
import { hoverAction, initialState, parseLottieOptions, scrollProgress, segmentFrames } from './lottie-options';

const block = (attributes: Record<string, string>): DOMStringMap => {
  const el = document.createElement('div');
  for (const [name, value] of Object.entries(attributes)) {
    el.dataset[name] = value;
  }
  return el.dataset;
};

describe('vector animation settings', () => {
  it('reads every setting the server writes', () => {
    const options = parseLottieOptions(
      block({
        src: '/media/a.json',
        autoplay: 'true',
        controls: 'true',
        direction: 'reverse',
        start: '10',
        end: '90',
        loop: 'true',
        speed: '1.5',
        trigger: 'hover',
        mouseout: 'reverse',
        scrollAction: 'seek',
        visibilityStart: '20',
        visibilityEnd: '80',
      }),
    );
    expect(options).toEqual({
      src: '/media/a.json',
      autoplay: true,
      controls: true,
      direction: -1,
      start: 10,
      end: 90,
      loop: true,
      speed: 1.5,
      trigger: 'hover',
      reverseOnMouseout: true,
      scrollAction: 'seek',
      visibilityStart: 20,
      visibilityEnd: 80,
    });
  });

  it('falls back to the defaults for what is missing or unreadable', () => {
    const options = parseLottieOptions(block({ src: '/a.json', start: '70', end: '20', speed: 'fast', trigger: 'wiggle', direction: 'up' }));
    expect(options).toMatchObject({
      autoplay: false,
      controls: false,
      direction: 1,
      start: 0,
      end: 100,
      loop: false,
      speed: 1,
      trigger: 'none',
      reverseOnMouseout: false,
      scrollAction: 'play',
    });
    expect(parseLottieOptions(block({ speed: '99', end: '250' }))).toMatchObject({ speed: 5, end: 100 });
  });

  it('turns the start and end percentages into frames', () => {
    expect(segmentFrames(61, { start: 0, end: 100 })).toEqual([0, 60]);
    expect(segmentFrames(61, { start: 25, end: 50 })).toEqual([15, 30]);
    expect(segmentFrames(1, { start: 50, end: 100 })).toEqual([0, 0]);
  });

  it('autoplays unless the shopper asked for less motion or scrolling starts it', () => {
    const autoplay = parseLottieOptions(block({ autoplay: 'true' }));
    expect(initialState(autoplay, false)).toBe('play');
    expect(initialState(autoplay, true)).toBe('still');
    expect(initialState(parseLottieOptions(block({ autoplay: 'true', trigger: 'scroll' })), false)).toBe('still');
    expect(initialState(parseLottieOptions(block({})), false)).toBe('still');
  });

  it('plays on hover and, with mouseout reverse, plays back when the pointer leaves', () => {
    const reverse = parseLottieOptions(block({ trigger: 'hover', mouseout: 'reverse' }));
    expect(hoverAction('enter', reverse)).toEqual({ play: true, direction: 1 });
    expect(hoverAction('leave', reverse)).toEqual({ play: true, direction: -1 });
    const backwards = parseLottieOptions(block({ trigger: 'hover', mouseout: 'reverse', direction: 'reverse' }));
    expect(hoverAction('enter', backwards)).toEqual({ play: true, direction: -1 });
    expect(hoverAction('leave', backwards)).toEqual({ play: true, direction: 1 });
    const stop = parseLottieOptions(block({ trigger: 'hover' }));
    expect(hoverAction('leave', stop)).toEqual({ play: false, direction: 1 });
  });

  it('follows the scroll position between the visibility bounds', () => {
    const options = { visibilityStart: 20, visibilityEnd: 80 };
    // A 100 px block in a 1000 px viewport; its middle's height above the bottom decides.
    expect(scrollProgress(950, 100, 1000, options)).toBe(0);
    expect(scrollProgress(750, 100, 1000, options)).toBe(0);
    expect(scrollProgress(450, 100, 1000, options)).toBeCloseTo(0.5);
    expect(scrollProgress(150, 100, 1000, options)).toBe(1);
    expect(scrollProgress(0, 100, 0, options)).toBe(0);
  });
});

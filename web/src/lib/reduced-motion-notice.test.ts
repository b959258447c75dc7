import { describe, expect, it, vi } from 'vitest';
import { noticeReducedMotion, REDUCED_MOTION_NOTICE } from './reduced-motion-notice';

/** A window whose `matchMedia` answers `reduce` for reduced motion when `reduced`. */
function windowWith(reduced: boolean): Window {
  return {
    matchMedia: (query: string) => ({ matches: reduced && query === '(prefers-reduced-motion: reduce)' }) as MediaQueryList,
  } as unknown as Window;
}

/** Whether the visitor is staff who edit pages (core/settings.ts reads it from the page). */
const canEdit = (value: boolean): boolean => value;

describe('the reduced-motion console notice', () => {
  it('is written for staff who edit pages when reduced motion is on', () => {
    const log = vi.fn<(message: string) => void>();
    expect(noticeReducedMotion(canEdit(true), windowWith(true), log)).toBe(true);
    expect(log).toHaveBeenCalledExactlyOnceWith(REDUCED_MOTION_NOTICE);
  });

  it('is not written for other visitors, nor for staff without reduced motion', () => {
    const log = vi.fn<(message: string) => void>();
    expect(noticeReducedMotion(canEdit(false), windowWith(true), log)).toBe(false);
    expect(noticeReducedMotion(canEdit(true), windowWith(false), log)).toBe(false);
    expect(noticeReducedMotion(canEdit(true), {} as Window, log)).toBe(false);
    expect(log).not.toHaveBeenCalled();
  });
});

// SPEC §6, "User who can edit pages": staff who edit pages get a console notice when the
// operating system asks for reduced motion, so one who wonders why the sliders stand still
// learns that it is their own setting (every visitor with it on gets the reduced version).
// Others get nothing: the console is not theirs to read.

export const REDUCED_MOTION_NOTICE =
  'Reduced motion is on in this device’s settings: animations and slides are reduced for every visitor who has it on. (Shown to staff who can edit pages.)';

/** Writes the notice when the visitor edits pages and reduced motion is on; says whether it did. */
export function noticeReducedMotion(canEditPages: boolean, win: Window, log: (message: string) => void = console.info): boolean {
  if (!canEditPages || typeof win.matchMedia !== 'function' || !win.matchMedia('(prefers-reduced-motion: reduce)').matches) {
    return false;
  }
  log(REDUCED_MOTION_NOTICE);
  return true;
}

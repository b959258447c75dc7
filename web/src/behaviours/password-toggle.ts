// The show/hide toggle of a password field (SPEC §2.1), on every password input the server
// marks `data-behaviour="password-toggle"` (inside its `.password-input` wrapper). Without
// JavaScript there is no button: the field is a plain password field.
//
// The button's name says what it will do, "Show password" then "Hide password" (the name
// changes, so it carries no aria-pressed: a pressed state and a changing name together would
// be read as "Hide password, pressed"). A submitted form turns the field back to a password
// field, so the browser's password manager sees one and a page restored from the back-forward
// cache never shows the password.

import type { Behaviour } from './types';

export const SHOW_PASSWORD = 'Show password';
export const HIDE_PASSWORD = 'Hide password';

const SVG = 'http://www.w3.org/2000/svg';

/** The button's name when the password is `shown` or not. */
export function toggleName(shown: boolean): string {
  return shown ? HIDE_PASSWORD : SHOW_PASSWORD;
}

/** An eye (crossed out once the password shows), drawn inline: the CSP allows no data URLs. */
function eyeIcon(doc: Document): SVGSVGElement {
  const svg = doc.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('width', '20');
  svg.setAttribute('height', '20');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  const eye = doc.createElementNS(SVG, 'path');
  eye.setAttribute('d', 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z');
  const pupil = doc.createElementNS(SVG, 'circle');
  pupil.setAttribute('cx', '12');
  pupil.setAttribute('cy', '12');
  pupil.setAttribute('r', '3');
  const slash = doc.createElementNS(SVG, 'path');
  slash.setAttribute('d', 'M4 4l16 16');
  slash.setAttribute('class', 'show-password-input__slash');
  svg.append(eye, pupil, slash);
  return svg;
}

export const passwordToggle: Behaviour = {
  attach(el) {
    if (!(el instanceof HTMLInputElement) || el.type !== 'password') {
      return;
    }
    const input = el;
    const doc = input.ownerDocument;
    const button = doc.createElement('button');
    button.type = 'button';
    button.className = 'show-password-input';
    if (input.id !== '') {
      button.setAttribute('aria-controls', input.id);
    }
    const name = doc.createElement('span');
    name.className = 'sr-text';
    button.append(eyeIcon(doc), name);

    let shown = false;
    const render = (): void => {
      input.type = shown ? 'text' : 'password';
      name.textContent = toggleName(shown);
      button.classList.toggle('show-password-input--shown', shown);
    };
    const onClick = (): void => {
      shown = !shown;
      render();
    };
    const onSubmit = (): void => {
      shown = false;
      render();
    };
    render();
    button.addEventListener('click', onClick);
    const form = input.form;
    form?.addEventListener('submit', onSubmit);
    input.after(button);
    input.parentElement?.classList.add('password-input--toggle');
    return () => {
      button.removeEventListener('click', onClick);
      form?.removeEventListener('submit', onSubmit);
      button.remove();
      input.parentElement?.classList.remove('password-input--toggle');
      input.type = 'password';
    };
  },
};

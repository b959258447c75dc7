// The strength hint of a new-password field (issue 21): a line after the field, announced
// politely and named by the field's aria-describedby, that says as the shopper types what the
// server will say of the password — too short, too long, too easy to guess (with zxcvbn's
// advice), or good / strong. It is the chunk new-password.ts fetches when the shopper first
// focuses or types in such a field; zxcvbn comes with it (password-rule.ts). Without
// JavaScript, or before the chunk has come, the field has its description and the server's
// message after a refused post.

import './password-strength.css';
import { MAX_PASSWORD_CHARS, MIN_PASSWORD_CHARS, judgeNewPassword, type Judgement } from './password-rule';

/** How the hint rates a password: the server's refusals, or how far past the bar it is. */
export type HintLevel = 'too_short' | 'too_long' | 'too_guessable' | 'good' | 'strong';

export interface Hint {
  readonly level: HintLevel;
  readonly text: string;
}

/** The hint for a judged password (wording as `PasswordProblem::message()` on the server). */
export function hintFor(judgement: Judgement): Hint {
  switch (judgement.verdict) {
    case 'too_short':
      return { level: 'too_short', text: `Too short: use at least ${MIN_PASSWORD_CHARS} characters.` };
    case 'too_long':
      return { level: 'too_long', text: `Too long: use at most ${MAX_PASSWORD_CHARS} characters.` };
    case 'too_guessable':
      return {
        level: 'too_guessable',
        text: judgement.advice === '' ? 'Too easy to guess.' : `Too easy to guess. ${judgement.advice}`,
      };
    case 'accepted':
      return judgement.score >= 4 ? { level: 'strong', text: 'Strong' } : { level: 'good', text: 'Good' };
  }
}

/** What the shopper typed about themselves in the field's form: email, login and names. */
const PERSONAL_FIELDS = [
  'input[type="email"]',
  'input[autocomplete~="email"]',
  'input[autocomplete~="username"]',
  'input[autocomplete~="name"]',
  'input[autocomplete~="given-name"]',
  'input[autocomplete~="family-name"]',
  // The reset form carries the account's login as a hidden field.
  'input[name="reset_login"]',
].join(', ');

function personalInputs(input: HTMLInputElement): string[] {
  const form = input.form;
  if (form === null) {
    return [];
  }
  return [...form.querySelectorAll<HTMLInputElement>(PERSONAL_FIELDS)]
    .map((field) => field.value.trim())
    .filter((value) => value !== '');
}

/** Adds the hint after `input` (after its show-password wrapper); returns a function that removes it. */
export function attachStrengthHint(input: HTMLInputElement): () => void {
  const doc = input.ownerDocument;
  const hint = doc.createElement('span');
  const base = `${input.id === '' ? 'new-password' : input.id}-strength`;
  let id = base;
  for (let n = 2; doc.getElementById(id) !== null; n += 1) {
    id = `${base}-${String(n)}`;
  }
  hint.id = id;
  hint.className = 'password-strength';
  hint.setAttribute('aria-live', 'polite');
  const describedBy = input.getAttribute('aria-describedby');
  input.setAttribute('aria-describedby', describedBy === null ? hint.id : `${describedBy} ${hint.id}`);
  (input.closest('.password-input') ?? input).after(hint);

  const update = (): void => {
    if (input.value === '') {
      hint.textContent = '';
      delete hint.dataset.level;
      return;
    }
    const { level, text } = hintFor(judgeNewPassword(input.value, personalInputs(input)));
    if (hint.textContent !== text) {
      hint.textContent = text;
    }
    hint.dataset.level = level;
  };
  // zxcvbn takes up to ~0.3 s on 100 random characters (docs/benchmarks.md), so keystrokes
  // that come while it runs are judged once, after it, on the latest value.
  const win = doc.defaultView ?? window;
  let pending: number | undefined;
  const schedule = (): void => {
    pending ??= win.setTimeout(() => {
      pending = undefined;
      update();
    }, 0);
  };
  // What was typed before the chunk came counts at once.
  update();
  input.addEventListener('input', schedule);
  return () => {
    input.removeEventListener('input', schedule);
    if (pending !== undefined) {
      win.clearTimeout(pending);
    }
    hint.remove();
    if (describedBy === null) {
      input.removeAttribute('aria-describedby');
    } else {
      input.setAttribute('aria-describedby', describedBy);
    }
  };
}

// The new-password rule as the browser sees it, for the strength hint (password-strength.ts):
// the same rule as the server's (crates/core/src/passwords.rs), with the same estimator —
// npm zxcvbn 4.4.2, of which the server's zxcvbn crate is a port, with the same lists — the
// same bounds and the same personal words. Both run crates/core/src/passwords/cases.json.
// Only the server decides: the hint just says early what it will say.
//
// zxcvbn and its lists are large (see web/README.md's budget table), so this module is only
// ever imported on demand, when a shopper is at a new-password field.

import zxcvbn from 'zxcvbn';

/** The fewest characters a password may have (`MIN_PASSWORD_CHARS`). */
export const MIN_PASSWORD_CHARS = 8;
/** The most characters a password may have (`limits::MAX_PASSWORD_CHARS`). */
export const MAX_PASSWORD_CHARS = 4096;
/** How many characters the estimator reads (`ESTIMATED_PREFIX_CHARS`). */
export const ESTIMATED_PREFIX_CHARS = 100;
/** The lowest zxcvbn score accepted (`MIN_SCORE`). */
export const MIN_SCORE = 2;

/** What the server will say of a password: the shared cases' `expect` values. */
export type Verdict = 'accepted' | 'too_short' | 'too_long' | 'too_guessable';

export interface Judgement {
  readonly verdict: Verdict;
  /** zxcvbn's score, 0 to 4 (0 when the length alone decided). */
  readonly score: number;
  /** zxcvbn's warning and suggestions, for a guessable password ('' when it has none). */
  readonly advice: string;
}

/**
 * The words a password must not be built from, as the server builds them: each personal
 * input whole, an email's local part with and without its punctuation, and each run of
 * three or more letters or digits; lowercased, first occurrence kept.
 */
export function personalWords(personal: readonly string[]): string[] {
  const words: string[] = [];
  const add = (word: string): void => {
    if (word !== '' && !words.includes(word)) {
      words.push(word);
    }
  };
  for (const raw of personal) {
    const input = raw.trim().toLowerCase();
    add(input);
    const at = input.indexOf('@');
    if (at >= 0) {
      const local = input.slice(0, at);
      add(local);
      add(local.replace(/[^\p{Alphabetic}\p{N}]/gu, ''));
    }
    for (const run of input.split(/[^\p{Alphabetic}\p{N}]+/u)) {
      if (Array.from(run).length >= 3) {
        add(run);
      }
    }
  }
  return words;
}

/** Judges a new `password` as the server will; `personal` is the shopper's email and names. */
export function judgeNewPassword(password: string, personal: readonly string[]): Judgement {
  // Characters as the server counts them (Unicode scalar values: Rust's chars), not UTF-16
  // units nor graphemes.
  const chars = Array.from(password);
  if (chars.length < MIN_PASSWORD_CHARS) {
    return { verdict: 'too_short', score: 0, advice: '' };
  }
  if (chars.length > MAX_PASSWORD_CHARS) {
    return { verdict: 'too_long', score: 0, advice: '' };
  }
  const result = zxcvbn(chars.slice(0, ESTIMATED_PREFIX_CHARS).join(''), personalWords(personal));
  if (result.score < MIN_SCORE) {
    const { warning, suggestions } = result.feedback;
    const advice = [warning, ...suggestions]
      .map((line) => line.trim())
      .filter((line) => line !== '')
      .map((line) => (/[.!?]$/.test(line) ? line : `${line}.`))
      .join(' ');
    return { verdict: 'too_guessable', score: result.score, advice };
  }
  return { verdict: 'accepted', score: result.score, advice: '' };
}

// The new-password cases shared with the server (crates/core/src/passwords/cases.json, also
// run by mercato-core's passwords/tests.rs): the browser's rule gives the server's verdict
// for each, and the hint never calls a refused password good.
import { describe, expect, it } from 'vitest';
import casesText from '../../../crates/core/src/passwords/cases.json?raw';
import { judgeNewPassword } from './password-rule';
import { hintFor } from './password-strength';

interface Case {
  name: string;
  password: string;
  length?: number;
  personal: string[];
  expect: string;
}

const shared = JSON.parse(casesText) as { cases: Case[] };

/** The case's password: `password`, or repeated and cut to `length` characters. */
function passwordOf(c: Case): string {
  if (c.length === undefined) {
    return c.password;
  }
  const unit = Array.from(c.password);
  return Array.from({ length: c.length }, (_, i) => unit[i % unit.length]).join('');
}

describe('the new-password cases shared with the server', () => {
  it('holds at least 40 cases', () => {
    expect(shared.cases.length).toBeGreaterThanOrEqual(40);
  });

  it.each(shared.cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const judgement = judgeNewPassword(passwordOf(c), c.personal);
    expect(judgement.verdict).toBe(c.expect);
    const hint = hintFor(judgement);
    if (c.expect === 'accepted') {
      expect(['good', 'strong']).toContain(hint.level);
    } else {
      expect(hint.level).toBe(c.expect);
      expect(hint.text).not.toMatch(/good|strong/i);
    }
  });
});

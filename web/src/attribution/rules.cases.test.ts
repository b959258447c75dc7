// @vitest-environment-options { "url": "https://www.myshop.com/" }
// The classification cases shared with the server (crates/core/src/attribution/classify_cases.json,
// also run by mercato-core's classify_tests.rs): each case is a page view run through the
// browser's cookies, and what `sbjs_current` reads back afterwards is what the server's
// classifier gives for the same view.
import { afterEach, describe, expect, it } from 'vitest';
import casesText from '../../../crates/core/src/attribution/classify_cases.json?raw';
import { SOURCE_KEYS } from './rules';
import { readSbjs, trackPageView, type Visit } from './sbjs';

interface Case {
  name: string;
  page_host?: string;
  query: string;
  referrer: string;
  session: boolean;
  history: boolean;
  expect: Record<string, string> | null;
}

const shared = JSON.parse(casesText) as { page_host: string; cases: Case[] };

/** What a returning visitor's cookies say before the case's page view. */
const EARLIER = 'typ=utm|||src=earlier|||mdm=email|||cmp=(none)|||cnt=(none)|||trm=(none)|||id=(none)|||plt=(none)|||fmt=(none)|||tct=(none)';

function visitOf(c: Case): Visit {
  const host = c.page_host ?? shared.page_host;
  return {
    href: `https://${host}/shop/${c.query === '' ? '' : `?${c.query}`}`,
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Test',
    referrer: c.referrer,
    readCookies: () => document.cookie,
    writeCookie: (line) => {
      document.cookie = line;
    },
    now: () => new Date('2026-03-01T10:00:00Z'),
  };
}

afterEach(() => {
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim() ?? '';
    document.cookie = `${name}=; max-age=0; path=/; domain=.myshop.com`;
    document.cookie = `${name}=; max-age=0; path=/`;
  }
});

describe('the classification cases shared with the server', () => {
  it('holds at least 40 cases', () => {
    expect(shared.cases.length).toBeGreaterThanOrEqual(40);
  });

  it.each(shared.cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    if (c.history) {
      document.cookie = `sbjs_current=${encodeURIComponent(EARLIER)}; path=/; domain=.myshop.com`;
      document.cookie = `sbjs_first=${encodeURIComponent(EARLIER)}; path=/; domain=.myshop.com`;
    }
    if (c.session) {
      document.cookie = `sbjs_session=${encodeURIComponent('pgs=3|||cpg=https://www.myshop.com/')}; path=/; domain=.myshop.com`;
    }
    const visit = visitOf(c);

    trackPageView(visit, { lifetimeMonths: 0.00001, sessionMinutes: 30, base64: false });

    const current = readSbjs(visit).current;
    const expected = c.expect
      ? Object.fromEntries(SOURCE_KEYS.map((key) => [key, c.expect?.[key] ?? '(none)']))
      : Object.fromEntries(EARLIER.split('|||').map((pair) => pair.split('=') as [string, string]));
    expect(current).toEqual(expected);
  });
});

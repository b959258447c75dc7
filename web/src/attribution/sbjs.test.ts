// @vitest-environment-options { "url": "https://www.myshop.com/" }
// Sourcebuster's cookies over several page views (order-attribution.md §3 and §6): what a
// first visit writes, byte for byte; what later page views keep, count and replace; sessions
// that run out; returning visits; base64; the cookie lifetime.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  cookieDomain,
  decodeCookieValue,
  decodeOnce,
  readSbjs,
  removeSbjs,
  trackPageView,
  type SbjsOptions,
  type Visit,
} from './sbjs';

const WOO: SbjsOptions = { lifetimeMonths: 0.00001, sessionMinutes: 30, base64: false };
const UA = 'Mozilla/5.0 (X11; Linux x86_64) Test';

let lines: string[] = [];

function view(href: string, referrer = ''): Visit {
  return {
    href,
    userAgent: UA,
    referrer,
    readCookies: () => document.cookie,
    writeCookie: (line) => {
      lines.push(line);
      document.cookie = line;
    },
    now: () => new Date(),
  };
}

/** Opens a page: one page view with the given options. */
function open(href: string, referrer = '', options: SbjsOptions = WOO): Visit {
  const visit = view(href, referrer);
  trackPageView(visit, options);
  return visit;
}

const minutes = (n: number): void => {
  vi.advanceTimersByTime(n * 60_000);
};

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-21T19:20:11Z'), toFake: ['Date'] });
  lines = [];
});

afterEach(() => {
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim() ?? '';
    document.cookie = `${name}=; max-age=0; path=/; domain=.myshop.com`;
    document.cookie = `${name}=; max-age=0; path=/`;
  }
  vi.useRealTimers();
});

describe('a first visit', () => {
  it('writes the cookies of the reference, byte for byte', () => {
    open('https://www.myshop.com/');

    const raw = Object.fromEntries(document.cookie.split('; ').map((pair) => pair.split('=') as [string, string]));
    expect(raw).toEqual({
      sbjs_migrations: '1418474375998%3D1',
      sbjs_current_add:
        'fd%3D2026-11-21%2019%3A20%3A11%7C%7C%7Cep%3Dhttps%3A%2F%2Fwww.myshop.com%2F%7C%7C%7Crf%3D%28none%29',
      sbjs_first_add:
        'fd%3D2026-11-21%2019%3A20%3A11%7C%7C%7Cep%3Dhttps%3A%2F%2Fwww.myshop.com%2F%7C%7C%7Crf%3D%28none%29',
      sbjs_current:
        'typ%3Dtypein%7C%7C%7Csrc%3D%28direct%29%7C%7C%7Cmdm%3D%28none%29%7C%7C%7Ccmp%3D%28none%29%7C%7C%7Ccnt%3D%28none%29%7C%7C%7Ctrm%3D%28none%29%7C%7C%7Cid%3D%28none%29%7C%7C%7Cplt%3D%28none%29%7C%7C%7Cfmt%3D%28none%29%7C%7C%7Ctct%3D%28none%29',
      sbjs_first:
        'typ%3Dtypein%7C%7C%7Csrc%3D%28direct%29%7C%7C%7Cmdm%3D%28none%29%7C%7C%7Ccmp%3D%28none%29%7C%7C%7Ccnt%3D%28none%29%7C%7C%7Ctrm%3D%28none%29%7C%7C%7Cid%3D%28none%29%7C%7C%7Cplt%3D%28none%29%7C%7C%7Cfmt%3D%28none%29%7C%7C%7Ctct%3D%28none%29',
      sbjs_udata: `vst%3D1%7C%7C%7Cuip%3D%28none%29%7C%7C%7Cuag%3D${encodeURIComponent(UA).replace(/[()]/g, (c) => (c === '(' ? '%28' : '%29'))}`,
      sbjs_session: 'pgs%3D1%7C%7C%7Ccpg%3Dhttps%3A%2F%2Fwww.myshop.com%2F',
    });
  });

  it("writes browser-session cookies for the shop's domain, and a session cookie of 30 minutes", () => {
    open('https://www.myshop.com/');

    const current = lines.find((line) => line.startsWith('sbjs_current='));
    expect(current).toMatch(/; domain=\.myshop\.com; path=\/; SameSite=Lax; Secure$/);
    expect(current).not.toContain('expires=');
    const session = lines.find((line) => line.startsWith('sbjs_session='));
    expect(session).toContain('; expires=Sat, 21 Nov 2026 19:50:11 GMT;');
  });

  it('reads back as sbjs.get gives it, values decoded once', () => {
    const visit = open('https://www.myshop.com/shop/?utm_source=news%20letter&utm_term=red+shoes', 'https://mail.example.com/?a=b%20c');

    expect(readSbjs(visit)).toMatchObject({
      current: { typ: 'utm', src: 'news letter', trm: 'red+shoes', mdm: '(none)' },
      current_add: {
        fd: '2026-11-21 19:20:11',
        ep: 'https://www.myshop.com/shop/?utm_source=news letter&utm_term=red+shoes',
        rf: 'https://mail.example.com/?a=b c',
      },
      first: { typ: 'utm', src: 'news letter' },
      session: { pgs: '1' },
      udata: { vst: '1', uip: '(none)', uag: UA },
    });
  });
});

describe('later page views', () => {
  it('count pages in the session and keep the source and its start', () => {
    open('https://www.myshop.com/?utm_source=mail');
    minutes(5);
    const visit = open('https://www.myshop.com/shop/', 'https://www.myshop.com/?utm_source=mail');

    const data = readSbjs(visit);
    expect(data.session).toEqual({ pgs: '2', cpg: 'https://www.myshop.com/shop/' });
    expect(data.current).toMatchObject({ typ: 'utm', src: 'mail' });
    expect(data.current_add?.fd).toBe('2026-11-21 19:20:11');
    expect(data.udata?.vst).toBe('1');
  });

  it('ignore a second site within the session', () => {
    open('https://www.myshop.com/', 'https://www.facebook.com/');
    minutes(10);
    const visit = open('https://www.myshop.com/about/', 'https://t.co/xyz');

    expect(readSbjs(visit).current).toMatchObject({ typ: 'referral', src: 'facebook.com' });
  });

  it('keep the session alive: it lasts 30 minutes from the last page view', () => {
    open('https://www.myshop.com/', 'https://www.facebook.com/');
    minutes(20);
    open('https://www.myshop.com/a/');
    minutes(20);
    const visit = open('https://www.myshop.com/b/', 'https://t.co/xyz');

    expect(readSbjs(visit).current?.src).toBe('facebook.com');
    expect(readSbjs(visit).session?.pgs).toBe('3');
  });

  it('let a campaign or a search engine take over in the middle of a session', () => {
    open('https://www.myshop.com/', 'https://www.facebook.com/');
    minutes(2);
    let visit = open('https://www.myshop.com/?utm_source=mail&utm_id=7');
    expect(readSbjs(visit).current).toMatchObject({ typ: 'utm', src: 'mail', id: '7' });
    minutes(2);
    visit = open('https://www.myshop.com/shop/', 'https://www.google.com/');
    const data = readSbjs(visit);
    expect(data.current).toMatchObject({ typ: 'organic', src: 'google', id: '(none)' });
    expect(data.current_add).toMatchObject({ fd: '2026-11-21 19:24:11', rf: 'https://www.google.com/' });
    expect(data.first).toMatchObject({ typ: 'referral', src: 'facebook.com' });
    expect(data.first_add?.fd).toBe('2026-11-21 19:20:11');
  });
});

describe('a session that ran out', () => {
  it('starts a new visit: the count goes up and the pages start again', () => {
    open('https://www.myshop.com/');
    open('https://www.myshop.com/shop/');
    minutes(31);
    const visit = open('https://www.myshop.com/cart/');

    const data = readSbjs(visit);
    expect(data.udata?.vst).toBe('2');
    expect(data.session?.pgs).toBe('1');
    // Typein never replaces what is known.
    expect(data.current?.typ).toBe('typein');
    expect(data.current_add?.fd).toBe('2026-11-21 19:20:11');
  });

  it('lets another site replace the source, and keeps the first one', () => {
    open('https://www.myshop.com/?utm_source=mail');
    minutes(45);
    const visit = open('https://www.myshop.com/', 'https://t.co/abc');

    const data = readSbjs(visit);
    expect(data.current).toMatchObject({ typ: 'referral', src: 'twitter.com', cnt: '/abc' });
    expect(data.first).toMatchObject({ typ: 'utm', src: 'mail' });
    expect(data.udata?.vst).toBe('2');
  });

  it('does not make an internal referrer a referral', () => {
    open('https://www.myshop.com/', 'https://www.facebook.com/');
    minutes(40);
    const visit = open('https://www.myshop.com/shop/', 'https://www.myshop.com/');

    expect(readSbjs(visit).current?.src).toBe('facebook.com');
  });
});

describe('options', () => {
  it('base64 writes base64 of the encoded payload and reads it back', () => {
    const visit = open('https://www.myshop.com/?utm_source=mail', '', { ...WOO, base64: true });

    const raw = /(?:^|; )sbjs_current=([^;]*)/.exec(document.cookie)?.[1] ?? '';
    expect(raw.startsWith('dHlwJTNEdXRt')).toBe(true);
    expect(raw).toMatch(/^[A-Za-z0-9+/]+$/);
    expect(readSbjs(visit).current?.src).toBe('mail');
  });

  it("a lifetime in months gives the cookies an expiry, the session's aside", () => {
    open('https://www.myshop.com/', '', { ...WOO, lifetimeMonths: 6 });

    const current = lines.find((line) => line.startsWith('sbjs_current='));
    expect(current).toContain('; expires=Thu, 20 May 2027 19:20:11 GMT;');
    const session = lines.find((line) => line.startsWith('sbjs_session='));
    expect(session).toContain('; expires=Sat, 21 Nov 2026 19:50:11 GMT;');
  });
});

describe('helpers', () => {
  it('removeSbjs deletes every cookie', () => {
    const visit = open('https://www.myshop.com/');
    document.cookie = 'other=1; path=/';

    removeSbjs(visit);

    expect(document.cookie).toBe('other=1');
    expect(readSbjs(visit)).toEqual({});
  });

  it('the cookie domain leaves out www., and IP addresses and one-label hosts get none', () => {
    expect(cookieDomain('www.myshop.com')).toBe('.myshop.com');
    expect(cookieDomain('Shop.Example.org')).toBe('.shop.example.org');
    expect(cookieDomain('127.0.0.1')).toBeNull();
    expect(cookieDomain('localhost')).toBeNull();
    expect(cookieDomain('[::1]')).toBeNull();
  });

  it('decodes once, leaving malformed escapes', () => {
    expect(decodeOnce('Face%20Book')).toBe('Face Book');
    expect(decodeOnce('100%')).toBe('100%');
    expect(decodeOnce('caf%C3%A9%zz')).toBe('café%zz');
    expect(decodeCookieValue('typ%3Dutm')).toBe('typ=utm');
  });
});

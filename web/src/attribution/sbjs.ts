// Sourcebuster's cookies (shared/reference/order-attribution.md §6): their names, their
// `key=value|||key=value` payloads, the encoding, and what one page view writes.

import { NONE, SOURCE_KEYS, classify, stripWww, type TrafficSource } from './rules';

/** The cookies sourcebuster keeps, by the name `sbjs.get` gives their data. */
export const COOKIES = {
  current: 'sbjs_current',
  current_add: 'sbjs_current_add',
  first: 'sbjs_first',
  first_add: 'sbjs_first_add',
  session: 'sbjs_session',
  udata: 'sbjs_udata',
  migrations: 'sbjs_migrations',
  promo: 'sbjs_promo',
} as const;

const DELIMITER = '|||';
/** The one migration sourcebuster records (the `|` to `|||` delimiter change of 1.0). */
const MIGRATIONS = '1418474375998=1';

/** What sourcebuster is initialised with (WooCommerce's values come in the page settings). */
export interface SbjsOptions {
  /** Lifetime of every cookie but the session's, in months; 0 minutes means browser-session cookies. */
  readonly lifetimeMonths: number;
  /** Length of a session, in minutes. */
  readonly sessionMinutes: number;
  /** Whether cookie values are base64-encoded. */
  readonly base64: boolean;
}

/** Where a page view happens: the page, its referrer, and the cookies. */
export interface Visit {
  /** The page URL (`location.href`). */
  readonly href: string;
  /** `navigator.userAgent`. */
  readonly userAgent: string;
  /** `document.referrer`. */
  readonly referrer: string;
  /** Reads `document.cookie`. */
  readonly readCookies: () => string;
  /** Writes one `document.cookie` line. */
  readonly writeCookie: (line: string) => void;
  /** The time now. */
  readonly now: () => Date;
}

/** The data of the cookies as `sbjs.get` returns it: cookie (without `sbjs_`) → key → value. */
export type SbjsData = Partial<Record<keyof typeof COOKIES, Record<string, string>>>;

/** Decodes `%XX` escapes once as UTF-8; malformed escapes stay as they are (as on the server). */
export function decodeOnce(text: string): string {
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    const bytes: number[] = [];
    for (let i = 0; i < text.length; i++) {
      const hex = /^%[0-9a-f]{2}/i.exec(text.slice(i, i + 3));
      if (hex) {
        bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
        i += 2;
      } else {
        bytes.push(...new TextEncoder().encode(text.charAt(i)));
      }
    }
    return new TextDecoder().decode(new Uint8Array(bytes));
  }
}

/** `encodeURIComponent` with `! ~ * ' ( )` escaped too, as sourcebuster writes. */
const encodeData = (text: string): string =>
  encodeURIComponent(text).replace(/[!~*'()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** A cookie value as stored: URI-encoded, then base64 without padding when asked. */
export function encodeCookieValue(payload: string, base64: boolean): string {
  const encoded = encodeData(payload);
  return base64 ? btoa(encoded).replace(/=+$/, '') : encoded;
}

/** The payload of a stored value, base64 or not (a value only of base64 letters is base64). */
export function decodeCookieValue(value: string): string {
  if (/^[A-Za-z0-9+/]+$/.test(value)) {
    try {
      return decodeOnce(atob(value + '='.repeat((4 - (value.length % 4)) % 4)));
    } catch {
      // Not base64 after all.
    }
  }
  return decodeOnce(value);
}

/** `key=value|||key=value` → record; each value decoded once more, as sourcebuster reads it. */
export function parsePayload(payload: string): Record<string, string> {
  const record: Record<string, string> = {};
  for (const pair of payload.split(DELIMITER)) {
    const at = pair.indexOf('=');
    if (at > 0) record[pair.slice(0, at)] = decodeOnce(pair.slice(at + 1));
  }
  return record;
}

/** The raw value of cookie `name` in a `document.cookie` string. */
function rawCookie(cookies: string, name: string): string | undefined {
  for (const pair of cookies.split(';')) {
    const at = pair.indexOf('=');
    if (at !== -1 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}

/**
 * The cookie domain: `.` and the host without its first `www.`, so the shop's subdomains share
 * the cookies. An IP address or a one-label host (`localhost`) gets host-only cookies, which
 * browsers otherwise refuse.
 */
export function cookieDomain(host: string): string | null {
  const bare = stripWww(host.toLowerCase());
  return !bare.includes('.') || /^[\d.]+$/.test(bare) || bare.startsWith('[') ? null : `.${bare}`;
}

/** Reads every sourcebuster cookie present. */
export function readSbjs(visit: Pick<Visit, 'readCookies'>): SbjsData {
  const cookies = visit.readCookies();
  const data: SbjsData = {};
  for (const [key, name] of Object.entries(COOKIES) as [keyof typeof COOKIES, string][]) {
    const raw = rawCookie(cookies, name);
    if (raw !== undefined) data[key] = parsePayload(decodeCookieValue(raw));
  }
  return data;
}

function cookieLine(visit: Visit, name: string, value: string, minutes: number, attributes: string[]): string {
  const parts = [`${name}=${value}`];
  if (minutes > 0) parts.push(`expires=${new Date(visit.now().getTime() + minutes * 60_000).toUTCString()}`);
  const domain = cookieDomain(new URL(visit.href).hostname);
  if (domain !== null) parts.push(`domain=${domain}`);
  parts.push('path=/', ...attributes);
  return parts.join('; ');
}

/** `YYYY-MM-DD hh:mm:ss` in UTC (WooCommerce's timezone offset is 0). */
export function formatTime(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

const joinPayload = (entries: readonly (readonly [string, string])[]): string =>
  entries.map(([key, value]) => `${key}=${value}`).join(DELIMITER);

/**
 * One page view, as sourcebuster's init runs it: classify the visit, then write the cookies.
 * `first*` are written once; `current_add` only when the visit is (re)classified; `udata`
 * counts visits (a page view without a running session starts one); `session` counts pages
 * and lasts `sessionMinutes` from the last page view.
 */
export function trackPageView(visit: Visit, options: SbjsOptions): void {
  const before = readSbjs(visit);
  const url = new URL(visit.href);
  const lifetime = Math.trunc(options.lifetimeMonths * 30 * 24 * 60);
  const secure = url.protocol === 'https:' ? ['SameSite=Lax', 'Secure'] : ['SameSite=Lax'];
  const write = (name: string, payload: string, minutes = lifetime): void => {
    visit.writeCookie(cookieLine(visit, name, encodeCookieValue(payload, options.base64), minutes, secure));
  };
  const stored = (key: keyof typeof COOKIES): string | undefined => rawCookie(visit.readCookies(), COOKIES[key]);

  if (!before.migrations) write(COOKIES.migrations, MIGRATIONS);
  const source: TrafficSource | null = classify({
    host: url.hostname,
    query: url.search,
    referrer: visit.referrer,
    hasSession: before.session !== undefined,
    hasHistory: before.first !== undefined || before.current !== undefined,
  });
  if (source) {
    const extra = joinPayload([
      ['fd', formatTime(visit.now())],
      ['ep', visit.href],
      ['rf', visit.referrer || NONE],
    ]);
    write(COOKIES.current_add, extra);
    if (!before.first_add) write(COOKIES.first_add, extra);
    write(COOKIES.current, joinPayload(SOURCE_KEYS.map((key) => [key, source[key]])));
  } else {
    // Kept as it was, with its lifetime renewed (sourcebuster writes it on every view).
    const current = stored('current');
    if (current !== undefined) write(COOKIES.current, decodeCookieValue(current));
  }
  const current = stored('current');
  if (!before.first && current !== undefined) write(COOKIES.first, decodeCookieValue(current));

  const visits = before.udata
    ? (parseInt(before.udata.vst ?? '', 10) || 1) + (before.session ? 0 : 1)
    : 1;
  write(COOKIES.udata, joinPayload([['vst', String(visits)], ['uip', NONE], ['uag', visit.userAgent]]));
  const pages = before.session ? (parseInt(before.session.pgs ?? '', 10) || 1) + 1 : 1;
  write(COOKIES.session, joinPayload([['pgs', String(pages)], ['cpg', visit.href]]), options.sessionMinutes);
}

/** Deletes every sourcebuster cookie (tracking not allowed), with and without the domain. */
export function removeSbjs(visit: Visit): void {
  const domain = cookieDomain(new URL(visit.href).hostname);
  for (const name of Object.values(COOKIES)) {
    const gone = `${name}=; expires=Thu, 01 Jan 1970 00:00:01 GMT; path=/`;
    visit.writeCookie(gone);
    if (domain !== null) visit.writeCookie(`${gone}; domain=${domain}`);
  }
}

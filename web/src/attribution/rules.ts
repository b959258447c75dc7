// Sourcebuster's traffic-source rules as WooCommerce's fork runs them on every page view
// (shared/reference/order-attribution.md §3-§5, SPEC §4.13). The server has the same rules
// (crates/core/src/attribution/classify.rs); both run classify_cases.json.
//
// Values come out as sourcebuster computes them, still percent-encoded as the URL had them:
// they are decoded once when the cookies are read back (sbjs-cookies.ts).

/** The keys of sourcebuster's `current` cookie, in its order. */
export const SOURCE_KEYS = ['typ', 'src', 'mdm', 'cmp', 'cnt', 'trm', 'id', 'plt', 'fmt', 'tct'] as const;

export type SourceKey = (typeof SOURCE_KEYS)[number];

/** A classification: `typ` is utm, organic, referral or typein. */
export type TrafficSource = Record<SourceKey, string>;

/** What one page view shows the classifier. */
export interface PageView {
  /** The page's host name (`www.myshop.com`). */
  readonly host: string;
  /** The page URL's query string, with or without its `?`, still percent-encoded. */
  readonly query: string;
  /** `document.referrer`, '' when none. */
  readonly referrer: string;
  /** Whether a session is running (the `sbjs_session` cookie). */
  readonly hasSession: boolean;
  /** Whether the visitor was classified before (`sbjs_first` or `sbjs_current`). */
  readonly hasHistory: boolean;
}

export const NONE = '(none)';

/** Campaign keys whose presence, even with an empty value, makes a visit `utm`. */
const CAMPAIGN_KEYS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
  'utm_id',
  'utm_source_platform',
  'utm_creative_format',
  'utm_marketing_tactic',
  'gclid',
  'yclid',
];

/** Built-in search engines: host suffix, query parameter, display name. */
const ENGINES: readonly (readonly [string, string, string])[] = [
  ['bing.com', 'q', 'bing'],
  ['yahoo.com', 'p', 'yahoo'],
  ['about.com', 'q', 'about'],
  ['aol.com', 'q', 'aol'],
  ['ask.com', 'q', 'ask'],
  ['globososo.com', 'q', 'globo'],
  ['go.mail.ru', 'q', 'go.mail.ru'],
  ['rambler.ru', 'query', 'rambler'],
  ['tut.by', 'query', 'tut.by'],
];

/** Built-in referral names (short links of social networks): host suffix, display name. */
const REFERRALS: readonly (readonly [string, string])[] = [
  ['t.co', 'twitter.com'],
  ['plus.url.google.com', 'plus.google.com'],
];

/**
 * Splits a query string as sourcebuster does: pairs on `&`, then the value is the text
 * between the first and second `=`; a key without `=` has no value; a repeated key joins its
 * values with `,`; keys are case-sensitive and values stay encoded.
 */
export function parseQuery(query: string): Map<string, string | undefined> {
  const params = new Map<string, string | undefined>();
  for (const pair of query.replace(/^\?/, '').split('&')) {
    if (pair === '') continue;
    const [key = '', value] = pair.split('=');
    const had = params.get(key);
    params.set(key, had !== undefined && value !== undefined ? `${had},${value}` : (had ?? value));
  }
  return params;
}

/** Removes the first `www.` found anywhere in a host, as sourcebuster does. */
export const stripWww = (host: string): string => host.replace('www.', '');

/** `host` is `domain` or one of its subdomains (`^(.*\.)?domain$`, case-insensitive). */
export function isSameOrSubdomain(host: string, domain: string): boolean {
  const h = host.toLowerCase();
  const d = domain.toLowerCase();
  return h === d || h.endsWith(`.${d}`);
}

interface Referrer {
  host: string;
  path: string;
  query: string;
}

function parseReferrer(referrer: string): Referrer | null {
  try {
    const url = new URL(referrer.trim());
    return url.hostname === ''
      ? null
      : { host: url.hostname.toLowerCase(), path: url.pathname || '/', query: url.search.slice(1) };
  } catch {
    return null;
  }
}

/** `^(.*\.)?yandex\..{2,9}$` */
const isYandex = (host: string): boolean => /^(.*\.)?yandex\..{2,9}$/.test(host);

function searchEngine(host: string, query: string): string | null {
  if (isYandex(host) && query.includes('text=')) return 'yandex';
  if (/^(www\.)?google\..{2,9}$/.test(host)) return 'google';
  if (query === '') return null;
  const lower = query.toLowerCase();
  const engine = ENGINES.find(([suffix, key]) => isSameOrSubdomain(host, suffix) && lower.includes(`${key}=`));
  return engine ? engine[2] : null;
}

function fixed(typ: string, src: string, mdm: string, cnt: string): TrafficSource {
  return { typ, src, mdm, cmp: NONE, cnt, trm: NONE, id: NONE, plt: NONE, fmt: NONE, tct: NONE };
}

function campaign(params: Map<string, string | undefined>, referrer: Referrer | null): TrafficSource {
  const get = (key: string): string | undefined => params.get(key);
  const paid = (google: string, yandex: string): string | undefined =>
    get('gclid') !== undefined ? google : get('yclid') !== undefined ? yandex : undefined;
  // These four use a truthiness test: an empty value is (none).
  const truthy = (key: string): string => {
    const value = get(key);
    return value === undefined || value === '' ? NONE : value;
  };
  const yandexText = referrer && isYandex(referrer.host) ? parseQuery(referrer.query).get('text') : undefined;
  return {
    typ: 'utm',
    src: get('utm_source') ?? paid('google', 'yandex') ?? NONE,
    mdm: get('utm_medium') ?? paid('cpc', 'cpc') ?? NONE,
    cmp: get('utm_campaign') ?? paid('google_cpc', 'yandex_cpc') ?? NONE,
    cnt: get('utm_content') ?? NONE,
    trm: get('utm_term') ?? yandexText ?? NONE,
    id: truthy('utm_id'),
    plt: truthy('utm_source_platform'),
    fmt: truthy('utm_creative_format'),
    tct: truthy('utm_marketing_tactic'),
  };
}

/**
 * Classifies a page view; null keeps the visitor's current classification. Campaign
 * parameters always win; then a search engine; then, only when no session is running, any
 * other site; then, only for a visitor never classified, typein.
 */
export function classify(view: PageView): TrafficSource | null {
  const params = parseQuery(view.query);
  const referrer = parseReferrer(view.referrer);
  if (CAMPAIGN_KEYS.some((key) => params.get(key) !== undefined)) {
    return campaign(params, referrer);
  }
  const domain = stripWww(view.host.toLowerCase());
  if (referrer && !isSameOrSubdomain(stripWww(referrer.host), domain)) {
    const engine = searchEngine(referrer.host, referrer.query);
    if (engine !== null) return fixed('organic', engine, 'organic', NONE);
    if (!view.hasSession) {
      const named = REFERRALS.find(([host]) => isSameOrSubdomain(referrer.host, host));
      return fixed('referral', named ? named[1] : stripWww(referrer.host), 'referral', referrer.path);
    }
  }
  return view.hasHistory ? null : fixed('typein', '(direct)', NONE, NONE);
}

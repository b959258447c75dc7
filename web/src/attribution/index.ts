// Order attribution in the browser (SPEC §3.7, §4.13, §9.2; docs/order-attribution.md): on
// every page view, classify the visit and keep sourcebuster's `sbjs_*` cookies, unless
// tracking is not allowed; fill the `wc_order_attribution_*` inputs of the forms that carry
// them (the classic checkout, the registration forms, forms added later); give the block
// checkout its `woocommerce/order-attribution` extension data; and let a consent tool turn
// tracking on or off.

import { readSettingsJson } from '../core/settings';
import { asRecord, isRecord } from '../lib/guards';
import { readSbjs, removeSbjs, trackPageView, type SbjsData, type SbjsOptions, type Visit } from './sbjs';

/** The Store API extension namespace of the block checkout. */
export const EXTENSION_NAMESPACE = 'woocommerce/order-attribution';
/** The visitor's own choice, recorded by the consent hook: `yes` or `no`. */
export const CONSENT_COOKIE = 'mercato_attribution_consent';
/** How long the choice is remembered. */
const CONSENT_DAYS = 180;

/** Field → where its value is in sourcebuster's data (`current.src`), WooCommerce's map. */
const DEFAULT_FIELDS: Readonly<Record<string, string>> = {
  source_type: 'current.typ',
  referrer: 'current_add.rf',
  utm_campaign: 'current.cmp',
  utm_source: 'current.src',
  utm_medium: 'current.mdm',
  utm_content: 'current.cnt',
  utm_id: 'current.id',
  utm_term: 'current.trm',
  utm_source_platform: 'current.plt',
  utm_creative_format: 'current.fmt',
  utm_marketing_tactic: 'current.tct',
  session_entry: 'current_add.ep',
  session_start_time: 'current_add.fd',
  session_pages: 'session.pgs',
  session_count: 'udata.vst',
  user_agent: 'udata.uag',
};

/** `wc_order_attribution` from the page settings, checked. */
export interface AttributionSettings extends SbjsOptions {
  /** The shop allows tracking without asking (`params.allowTracking`). */
  readonly allowTracking: boolean;
  /** The inputs' name prefix (`wc_order_attribution_`). */
  readonly prefix: string;
  /** Field → sourcebuster path. */
  readonly fields: Readonly<Record<string, string>>;
}

const positive = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback;

/** The settings, or null when the page has none (then nothing is touched, cookies included). */
export function parseAttributionSettings(settings: unknown): AttributionSettings | null {
  const root = asRecord(settings).wc_order_attribution;
  if (!isRecord(root)) return null;
  const params = asRecord(root.params);
  const fields = Object.entries(asRecord(root.fields)).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string' && /^\w+\.\w+$/.test(entry[1]),
  );
  return {
    lifetimeMonths: positive(params.lifetime, 0.00001),
    sessionMinutes: positive(params.session, 30),
    base64: params.base64 === true,
    allowTracking: params.allowTracking === true,
    prefix: typeof params.prefix === 'string' && params.prefix !== '' ? params.prefix : 'wc_order_attribution_',
    fields: fields.length > 0 ? Object.fromEntries(fields) : DEFAULT_FIELDS,
  };
}

/** Field → value (null when tracking is off or the value is unknown), as WooCommerce sends them. */
export function attributionValues(
  settings: AttributionSettings,
  data: SbjsData | null,
): Record<string, string | null> {
  return Object.fromEntries(
    Object.entries(settings.fields).map(([field, path]) => {
      const [cookie = '', key = ''] = path.split('.');
      const value = data ? asRecord(data[cookie as keyof SbjsData])[key] : undefined;
      return [field, typeof value === 'string' ? value : null];
    }),
  );
}

/** The public hooks, on `window.mercato.attribution` (docs/order-attribution.md). */
export interface AttributionHooks {
  /** The visitor consents: tracking starts on this page and stays on until refused. */
  allowTracking(): void;
  /** The visitor refuses: the cookies are deleted and the forms emptied, on every page. */
  refuseTracking(): void;
  /** Whether tracking runs on this page. */
  isTracking(): boolean;
  /** The field values the forms carry. */
  values(): Record<string, string | null>;
  /** `{ "woocommerce/order-attribution": values }`, for a Store API checkout's `extensions`. */
  extensionData(): Record<string, Record<string, string | null>>;
}

declare global {
  interface Window {
    /** WooCommerce's name for the consent hook: `setOrderTracking(allow)`. */
    wc_order_attribution?: { setOrderTracking?: (allow: boolean) => void };
    mercato?: { attribution?: AttributionHooks };
  }
}

/** The page view as the browser shows it. */
function browserVisit(doc: Document): Visit {
  return {
    href: doc.location.href,
    userAgent: navigator.userAgent,
    referrer: doc.referrer,
    readCookies: () => doc.cookie,
    writeCookie: (line) => {
      doc.cookie = line;
    },
    now: () => new Date(),
  };
}

function consent(doc: Document): boolean | null {
  const match = new RegExp(`(?:^|;\\s*)${CONSENT_COOKIE}=(yes|no)(?:;|$)`).exec(doc.cookie);
  return match ? match[1] === 'yes' : null;
}

/**
 * Starts attribution on a page: runs the page view (or deletes the cookies), fills the
 * inputs now and again whenever a form is submitted or read into a FormData, and installs
 * the hooks. Returns them (also on `window.mercato.attribution`), or null when the page
 * has no attribution settings. `signal` removes the listeners (tests).
 */
export function startOrderAttribution(doc: Document = document, signal?: AbortSignal): AttributionHooks | null {
  const settings = parseAttributionSettings(readSettingsJson(doc));
  if (!settings) return null;
  const visit = browserVisit(doc);
  let tracking = consent(doc) ?? settings.allowTracking;
  let counted = false;
  const inputs = (root: ParentNode): HTMLInputElement[] =>
    [...root.querySelectorAll(`input[name^="${settings.prefix}"]`)].filter(
      (el): el is HTMLInputElement => el instanceof HTMLInputElement,
    );

  const values = (): Record<string, string | null> => attributionValues(settings, tracking ? readSbjs(visit) : null);
  const fill = (root: ParentNode): void => {
    const current = values();
    for (const input of inputs(root)) {
      const field = input.name.slice(settings.prefix.length);
      if (field in current) input.value = current[field] ?? '';
    }
  };
  const apply = (): void => {
    if (tracking && !counted) {
      counted = true;
      trackPageView(visit, settings);
    } else if (!tracking) {
      removeSbjs(visit);
    }
    fill(doc);
  };
  const choose = (allow: boolean): void => {
    const expires = new Date(Date.now() + CONSENT_DAYS * 86_400_000).toUTCString();
    const secure = doc.location.protocol === 'https:' ? '; Secure' : '';
    doc.cookie = `${CONSENT_COOKIE}=${allow ? 'yes' : 'no'}; expires=${expires}; path=/; SameSite=Lax${secure}`;
    tracking = allow;
    apply();
  };

  // Forms added after load (a login popup) and values that changed since: filled as they go.
  doc.addEventListener(
    'submit',
    (event) => {
      if (event.target instanceof HTMLFormElement) fill(event.target);
    },
    { capture: true, ...(signal && { signal }) },
  );
  doc.addEventListener(
    'formdata',
    (event) => {
      const { formData } = event;
      const current = values();
      for (const name of new Set(formData.keys())) {
        const field = name.slice(settings.prefix.length);
        if (name.startsWith(settings.prefix) && field in current) formData.set(name, current[field] ?? '');
      }
    },
    { capture: true, ...(signal && { signal }) },
  );

  const hooks: AttributionHooks = {
    allowTracking: () => {
      choose(true);
    },
    refuseTracking: () => {
      choose(false);
    },
    isTracking: () => tracking,
    values,
    extensionData: () => ({ [EXTENSION_NAMESPACE]: values() }),
  };
  const win = doc.defaultView;
  if (win) {
    win.mercato = { ...win.mercato, attribution: hooks };
    win.wc_order_attribution = {
      ...win.wc_order_attribution,
      setOrderTracking: (allow) => {
        choose(allow);
      },
    };
  }
  apply();
  return hooks;
}

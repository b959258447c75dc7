// @vitest-environment-options { "url": "https://www.myshop.com/" }
// Order attribution on a page: the settings the server embeds, the forms' hidden inputs (at
// load, at submit, in forms added later), the Store API extension data, tracking not allowed,
// and the consent hooks.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONSENT_COOKIE, attributionValues, parseAttributionSettings, startOrderAttribution } from './index';

const FIELDS = {
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

/** The page: the settings element as the server writes it, then `body`. */
function page(allowTracking: boolean, body: string): void {
  const settings = {
    wc_order_attribution: {
      params: { lifetime: 1e-5, session: 30, base64: false, ajaxurl: '/wp-admin/admin-ajax.php', prefix: 'wc_order_attribution_', allowTracking },
      fields: FIELDS,
    },
  };
  document.body.innerHTML = `<script type="application/json" id="mercato-settings">${JSON.stringify(settings)}</script>${body}`;
}

const checkoutForm = `<form name="checkout" method="post" action="/checkout/">${Object.keys(FIELDS)
  .map((f) => `<input type="hidden" name="wc_order_attribution_${f}" value="">`)
  .join('')}<input name="billing_first_name"><button type="submit">Place order</button></form>`;

const field = (name: string, root: ParentNode = document): string =>
  root.querySelector<HTMLInputElement>(`input[name="wc_order_attribution_${name}"]`)?.value ?? 'missing';
const sbjsCookies = (): string[] =>
  document.cookie
    .split('; ')
    .map((pair) => pair.split('=')[0] ?? '')
    .filter((name) => name.startsWith('sbjs_'));

function clearCookies(): void {
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim() ?? '';
    document.cookie = `${name}=; max-age=0; path=/; domain=.myshop.com`;
    document.cookie = `${name}=; max-age=0; path=/`;
  }
}

let stop = new AbortController();

beforeEach(() => {
  stop = new AbortController();
  history.replaceState(null, '', '/checkout/?utm_source=newsletter&utm_medium=email&utm_campaign=spring&utm_id=42');
});

afterEach(() => {
  stop.abort();
  clearCookies();
  delete window.mercato;
  delete window.wc_order_attribution;
  document.body.innerHTML = '';
});

describe('with tracking allowed', () => {
  it('classifies the visit and fills the checkout form at load', () => {
    page(true, checkoutForm);

    startOrderAttribution(document, stop.signal);

    expect(field('source_type')).toBe('utm');
    expect(field('utm_source')).toBe('newsletter');
    expect(field('utm_medium')).toBe('email');
    expect(field('utm_campaign')).toBe('spring');
    expect(field('utm_id')).toBe('42');
    expect(field('utm_term')).toBe('(none)');
    expect(field('referrer')).toBe('(none)');
    expect(field('session_entry')).toBe(
      'https://www.myshop.com/checkout/?utm_source=newsletter&utm_medium=email&utm_campaign=spring&utm_id=42',
    );
    expect(field('session_start_time')).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(field('session_pages')).toBe('1');
    expect(field('session_count')).toBe('1');
    expect(field('user_agent')).toBe(navigator.userAgent);
    expect(sbjsCookies()).toContain('sbjs_current');
  });

  it('fills a form added later when it is submitted, and FormData built from it', () => {
    page(true, '');
    startOrderAttribution(document, stop.signal);
    const popup = document.createElement('div');
    popup.innerHTML = `<form method="post" action="/my-account/"><input name="email"><input type="hidden" name="wc_order_attribution_source_type" value=""><input type="hidden" name="wc_order_attribution_utm_source" value="stale"><button>Register</button></form>`;
    document.body.append(popup);
    const form = popup.querySelector('form');
    if (!form) throw new Error('no form');
    let sent: FormData | undefined;
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      sent = new FormData(form);
    });

    form.requestSubmit();

    expect(sent?.get('wc_order_attribution_source_type')).toBe('utm');
    expect(sent?.get('wc_order_attribution_utm_source')).toBe('newsletter');
  });

  it('gives the block checkout its extension data', () => {
    page(true, '');

    const hooks = startOrderAttribution(document, stop.signal);

    const data = hooks?.extensionData()['woocommerce/order-attribution'];
    expect(data).toMatchObject({ source_type: 'utm', utm_source: 'newsletter', session_pages: '1' });
    expect(Object.keys(data ?? {})).toEqual(Object.keys(FIELDS));
    expect(window.mercato?.attribution).toBe(hooks);
  });

  it('counts the pages of the session from one page to the next', () => {
    page(true, checkoutForm);
    startOrderAttribution(document, stop.signal);
    history.replaceState(null, '', '/checkout/');
    page(true, checkoutForm);

    startOrderAttribution(document, stop.signal);

    expect(field('session_pages')).toBe('2');
    expect(field('utm_source')).toBe('newsletter');
  });

  it('stops when the visitor refuses: cookies deleted, inputs emptied, on the next pages too', () => {
    page(true, checkoutForm);
    startOrderAttribution(document, stop.signal);

    window.wc_order_attribution?.setOrderTracking?.(false);

    expect(sbjsCookies()).toEqual([]);
    expect(field('source_type')).toBe('');
    expect(document.cookie).toContain(`${CONSENT_COOKIE}=no`);
    page(true, checkoutForm);
    const hooks = startOrderAttribution(document, stop.signal);
    expect(hooks?.isTracking()).toBe(false);
    expect(sbjsCookies()).toEqual([]);
    expect(field('utm_source')).toBe('');
  });
});

describe('with tracking not allowed', () => {
  it('deletes the cookies and fills nothing', () => {
    document.cookie = 'sbjs_current=typ%3Dutm; path=/; domain=.myshop.com';
    document.cookie = 'sbjs_session=pgs%3D1; path=/';
    page(false, checkoutForm);

    const hooks = startOrderAttribution(document, stop.signal);

    expect(sbjsCookies()).toEqual([]);
    expect(Object.keys(FIELDS).map((f) => field(f))).toEqual(Object.keys(FIELDS).map(() => ''));
    expect(hooks?.extensionData()['woocommerce/order-attribution']).toEqual(
      Object.fromEntries(Object.keys(FIELDS).map((f) => [f, null])),
    );
  });

  it('starts when the visitor consents, and stays on for the next pages', () => {
    page(false, checkoutForm);
    const hooks = startOrderAttribution(document, stop.signal);

    hooks?.allowTracking();

    expect(field('source_type')).toBe('utm');
    expect(field('session_pages')).toBe('1');
    history.replaceState(null, '', '/cart/');
    page(false, checkoutForm);
    expect(startOrderAttribution(document, stop.signal)?.isTracking()).toBe(true);
    expect(field('utm_source')).toBe('newsletter');
    expect(field('session_pages')).toBe('2');
  });

  it("counts the page once when consent comes after the page's own view", () => {
    page(false, checkoutForm);
    const hooks = startOrderAttribution(document, stop.signal);

    hooks?.allowTracking();
    window.wc_order_attribution?.setOrderTracking?.(true);

    expect(field('session_pages')).toBe('1');
  });
});

describe('settings', () => {
  it('a page without attribution settings is left alone, cookies included', () => {
    document.cookie = 'sbjs_current=typ%3Dutm; path=/';
    document.body.innerHTML = checkoutForm;

    expect(startOrderAttribution(document, stop.signal)).toBeNull();

    expect(sbjsCookies()).toEqual(['sbjs_current']);
    expect(field('source_type')).toBe('');
  });

  it('malformed values fall back to WooCommerce’s, and tracking needs a real true', () => {
    const settings = parseAttributionSettings({
      wc_order_attribution: { params: { lifetime: 'x', session: -1, allowTracking: 'yes' }, fields: { a: 3 } },
    });

    expect(settings).toMatchObject({ lifetimeMonths: 0.00001, sessionMinutes: 30, base64: false, allowTracking: false });
    expect(Object.keys(settings?.fields ?? {})).toEqual(Object.keys(FIELDS));
  });

  it('values follow the field map, null where sourcebuster has nothing', () => {
    const settings = parseAttributionSettings({ wc_order_attribution: { fields: { utm_source: 'current.src', odd: 'nowhere.x' } } });
    if (!settings) throw new Error('no settings');

    expect(attributionValues(settings, { current: { src: 'mail' } })).toEqual({ utm_source: 'mail', odd: null });
  });
});

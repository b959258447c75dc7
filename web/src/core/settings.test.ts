import { afterEach, describe, expect, it } from 'vitest';
import { getSetting, isRecordSetting, readCartSettings, SETTINGS_ELEMENT_ID, storefrontSettings } from './settings';

/** Puts the server's settings element in the page, as the layout writes it. */
function embed(json: string): HTMLScriptElement {
  document.getElementById(SETTINGS_ELEMENT_ID)?.remove();
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = SETTINGS_ELEMENT_ID;
  script.textContent = json;
  document.head.append(script);
  return script;
}

afterEach(() => {
  document.getElementById(SETTINGS_ELEMENT_ID)?.remove();
});

describe('getSetting', () => {
  it('reads wcSettings first, then the top level, as wc.wcSettings.getSetting does', () => {
    embed(
      JSON.stringify({
        cartHash: 'a1b2',
        currency: 'top',
        wcSettings: { currency: { code: 'EUR' }, storePages: { cart: { permalink: '/cart/' } } },
      }),
    );
    expect(getSetting('cartHash', '')).toBe('a1b2');
    expect(getSetting('currency', {})).toEqual({ code: 'EUR' });
    expect(getSetting('storePages', {}, isRecordSetting)).toEqual({ cart: { permalink: '/cart/' } });
  });

  it('gives the fallback for a missing setting, one of another type, or a page without settings JSON', () => {
    embed(JSON.stringify({ wcSettings: { displayCartPricesIncludingTax: 'yes', countries: [] } }));
    expect(getSetting('missing', 'fallback')).toBe('fallback');
    expect(getSetting('displayCartPricesIncludingTax', false)).toBe(false);
    expect(getSetting('countries', {})).toEqual({});
    embed('{not json');
    expect(getSetting('displayCartPricesIncludingTax', true)).toBe(true);
    document.getElementById(SETTINGS_ELEMENT_ID)?.remove();
    expect(getSetting('cartHash', null)).toBeNull();
  });
});

describe('the typed views', () => {
  it('read the same settings element, and follow it when a page replaces it', () => {
    const script = embed(
      JSON.stringify({
        cartHash: 'h1',
        wc_add_to_cart_params: { cart_url: '/basket/', is_cart: true },
        theme: { user: { can_edit_pages: true } },
      }),
    );
    expect(readCartSettings().cartHash).toBe('h1');
    expect(storefrontSettings()).toMatchObject({ cartUrl: '/basket/', isCart: true, canEditPages: true });
    expect(storefrontSettings(), 'parsed once per content').toBe(storefrontSettings());

    script.textContent = JSON.stringify({ cartHash: 'h2', theme: { user: { can_edit_pages: 'yes' } } });
    expect(readCartSettings().cartHash).toBe('h2');
    expect(storefrontSettings()).toMatchObject({ cartUrl: '/cart/', isCart: false, canEditPages: false });
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCartRuntime, type CartRuntime } from '../index';
import { makeCart, makeItem } from '../testing/fakeStoreApi';
import { PREVIEW_ELEMENT_ID, PREVIEW_READ_ONLY_MESSAGE, readCartPreview } from './preview';

const SAMPLE = makeCart([makeItem('sample-beanie', 2, { name: 'Beanie' }), makeItem('sample-cap', 1, { name: 'Cap' })]);
const LIVE = makeCart([makeItem('live', 5, { name: 'Live item' })]);

function page(withPreview: boolean): Document {
  const doc = document.implementation.createHTMLDocument('cart');
  const settings = doc.createElement('script');
  settings.type = 'application/json';
  settings.id = 'mercato-settings';
  settings.textContent = JSON.stringify({ cartData: LIVE, cartHash: 'live-hash' });
  doc.body.append(settings);
  if (withPreview) {
    const preview = doc.createElement('script');
    preview.type = 'application/json';
    preview.id = PREVIEW_ELEMENT_ID;
    preview.textContent = JSON.stringify(SAMPLE);
    doc.body.append(preview);
  }
  return doc;
}

let runtime: CartRuntime | null = null;
afterEach(() => {
  runtime?.stop();
  runtime = null;
});

describe('the editor’s sample cart', () => {
  it('is the cart of a page that embeds it, and its changes never leave the browser', async () => {
    const fetchSpy = vi.fn<typeof fetch>(() => Promise.reject(new Error('nothing may be sent')));
    runtime = createCartRuntime({ doc: page(true), fetch: fetchSpy });
    const store = runtime.cart;
    expect(store.getState().cart?.items.map((i) => i.name)).toEqual(['Beanie', 'Cap']);
    await expect(store.setQuantity('sample-beanie', 3)).rejects.toThrow(PREVIEW_READ_ONLY_MESSAGE);
    expect(store.getState().cart?.items.find((i) => i.key === 'sample-beanie')?.quantity).toBe(2);
    await expect(store.applyCoupon('welcome10')).rejects.toThrow(PREVIEW_READ_ONLY_MESSAGE);
    await store.refresh({ quiet: true });
    expect(store.getState().cart?.items.map((i) => i.name)).toEqual(['Beanie', 'Cap']);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('is not there on a page without it: the live cart, sent to the server', () => {
    runtime = createCartRuntime({ doc: page(false), fetch: vi.fn<typeof fetch>() });
    expect(readCartPreview(page(false))).toBeNull();
    expect(runtime.cart.getState().cart?.items.map((i) => i.name)).toEqual(['Live item']);
  });

  it('ignores an element that does not hold a cart', () => {
    const doc = page(false);
    const bad = doc.createElement('script');
    bad.id = PREVIEW_ELEMENT_ID;
    bad.textContent = '{"items": "no"}';
    doc.body.append(bad);
    expect(readCartPreview(doc)).toBeNull();
  });
});

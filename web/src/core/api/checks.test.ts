import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCartRuntime, type CartRuntime } from '../index';
import { FakeStoreApi, hashOf, makeCart, makeItem } from '../testing/fakeStoreApi';
import { forgetReplyChecks, loadReplyChecks, provideReplyChecks, replyChecks, replyChecksReady } from './checks';
import * as replyCode from './reply-code';

const cart = makeCart([makeItem('a', 2, { name: 'Enamel Camp Mug' })]);

function pageWith(settings: unknown): Document {
  const doc = document.implementation.createHTMLDocument('page');
  const script = doc.createElement('script');
  script.type = 'application/json';
  script.id = 'mercato-settings';
  script.textContent = JSON.stringify(settings);
  doc.body.append(script);
  return doc;
}

let runtime: CartRuntime | null = null;

afterEach(() => {
  runtime?.stop();
  runtime = null;
  // Every other test file has them at hand (src/testing/reply-checks.ts).
  provideReplyChecks(replyCode);
});

describe('the Store API reply checks, loaded on demand', () => {
  it('are not there until loaded, then check replies', async () => {
    forgetReplyChecks();
    expect(replyChecksReady()).toBe(false);
    expect(() => replyChecks()).toThrow('before loadReplyChecks() resolved');
    const checks = await loadReplyChecks();
    expect(replyChecksReady()).toBe(true);
    expect(checks.isStoreCart(cart)).toBe(true);
    expect(checks.isStoreCart({ items: 'none' })).toBe(false);
  });

  it('are loaded with the first Store API reply, which is then read with them', async () => {
    forgetReplyChecks();
    const server = new FakeStoreApi(cart);
    runtime = createCartRuntime({ doc: pageWith({}), fetch: server.fetch });
    expect(replyChecksReady()).toBe(false);
    const fetched = await runtime.api.getCart();
    expect(fetched.items.map((item) => item.name)).toEqual(['Enamel Camp Mug']);
    expect(replyChecksReady()).toBe(true);
  });

  it('take a cart from the settings once loaded, and only a cart', async () => {
    forgetReplyChecks();
    runtime = createCartRuntime({ doc: pageWith({ cartData: cart, cartHash: hashOf(cart) }), fetch: vi.fn<typeof fetch>() });
    expect(runtime.cart.getState().cart).toBeNull();
    await vi.waitFor(() => {
      expect(runtime?.cart.getState().cart?.items.map((item) => item.name)).toEqual(['Enamel Camp Mug']);
    });
    expect(runtime.cart.getState().cartHash).toBe(hashOf(cart));

    runtime.stop();
    forgetReplyChecks();
    runtime = createCartRuntime({ doc: pageWith({ cartData: { items: 'none' } }), fetch: vi.fn<typeof fetch>() });
    await loadReplyChecks();
    await Promise.resolve();
    expect(runtime.cart.getState().cart).toBeNull();
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NONCE_STORAGE_KEY, createNonceStore, type NonceStore } from './nonce';

let store: NonceStore | undefined;

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  store?.stop();
});

/** What another tab's write looks like to this one. */
function otherTabWrites(value: string | null): void {
  window.dispatchEvent(new StorageEvent('storage', { key: NONCE_STORAGE_KEY, newValue: value }));
}

describe('createNonceStore', () => {
  it('starts from the stored nonce and keeps the page nonce only when it is not older', () => {
    localStorage.setItem(NONCE_STORAGE_KEY, JSON.stringify({ nonce: 'stored', timestamp: 2000 }));
    store = createNonceStore();
    expect(store.get()).toEqual({ nonce: 'stored', timestamp: 2000 });

    // A page served from a cache embeds an older nonce.
    expect(store.seed('cached-page', 1000)).toBe(false);
    expect(store.get()?.nonce).toBe('stored');

    expect(store.seed('fresh-page', 2000)).toBe(true);
    expect(store.get()?.nonce).toBe('fresh-page');
  });

  it('keeps each newer value in localStorage under storeApiNonce', () => {
    store = createNonceStore();
    store.update('n1', 10);
    store.update('n0', 9);
    expect(JSON.parse(localStorage.getItem(NONCE_STORAGE_KEY) ?? 'null')).toEqual({ nonce: 'n1', timestamp: 10 });
    store.update('n2', 11);
    expect(JSON.parse(localStorage.getItem(NONCE_STORAGE_KEY) ?? 'null')).toEqual({ nonce: 'n2', timestamp: 11 });
  });

  it("uses another tab's newer nonce, and ignores older or broken ones", () => {
    store = createNonceStore();
    store.update('mine', 100);

    otherTabWrites(JSON.stringify({ nonce: 'theirs', timestamp: 101 }));
    expect(store.get()?.nonce).toBe('theirs');

    otherTabWrites(JSON.stringify({ nonce: 'old', timestamp: 50 }));
    otherTabWrites('not json');
    otherTabWrites(null);
    expect(store.get()).toEqual({ nonce: 'theirs', timestamp: 101 });

    store.stop();
    otherTabWrites(JSON.stringify({ nonce: 'after-stop', timestamp: 999 }));
    expect(store.get()?.nonce).toBe('theirs');
  });

  it('ignores a broken stored value and works without storage', () => {
    localStorage.setItem(NONCE_STORAGE_KEY, '{"nonce": 5}');
    store = createNonceStore();
    expect(store.get()).toBeNull();
    store.stop();

    store = createNonceStore(null);
    store.update('n', 1);
    expect(store.get()).toEqual({ nonce: 'n', timestamp: 1 });
  });
});

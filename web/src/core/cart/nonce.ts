// The Store API nonce (SPEC §7.4 "Security nonce"): seeded from the page, refreshed from the
// `Nonce`/`Nonce-Timestamp` headers of every reply, never replaced by an older value, kept in
// localStorage so that a tab restored from a cached page or the back button does not send a
// stale nonce (woocommerce-blocks PR #3770), and shared with other tabs through `storage` events.

import { isRecord } from '../../lib/guards';

/** The localStorage key WooCommerce's block client uses; kept so both read the same value. */
export const NONCE_STORAGE_KEY = 'storeApiNonce';

/** A nonce and the server time (seconds) it was issued at. */
export interface NonceValue {
  readonly nonce: string;
  readonly timestamp: number;
}

/** Holds the newest nonce this browser has seen. */
export interface NonceStore {
  /** The newest nonce, or null when none is known yet. */
  get(): NonceValue | null;
  /**
   * Takes a nonce from a reply. It replaces the current one only when its timestamp is not
   * older. Returns whether it was taken.
   */
  update(nonce: string, timestamp: number): boolean;
  /** Takes the nonce embedded in the page, unless a newer one is already stored. */
  seed(nonce: string, timestamp: number): boolean;
  /** Stops listening to other tabs. */
  stop(): void;
}

function parseStored(raw: string | null): NonceValue | null {
  if (raw === null) {
    return null;
  }
  try {
    const value: unknown = JSON.parse(raw);
    if (isRecord(value) && typeof value.nonce === 'string' && value.nonce !== '') {
      const timestamp = Number(value.timestamp);
      if (Number.isFinite(timestamp)) {
        return { nonce: value.nonce, timestamp };
      }
    }
  } catch {
    // Another script wrote something else under the key: ignore it.
  }
  return null;
}

/** localStorage, or null where the browser refuses it (storage disabled, sandboxed frames). */
function defaultStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Creates the nonce store over `storage` (localStorage by default). It starts from the stored
 * value and listens to `storage` events on `target` until [NonceStore.stop].
 */
export function createNonceStore(
  storage: Storage | null = defaultStorage(),
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
): NonceStore {
  let current: NonceValue | null = null;
  try {
    current = parseStored(storage?.getItem(NONCE_STORAGE_KEY) ?? null);
  } catch {
    current = null;
  }

  const take = (value: NonceValue, persist: boolean): boolean => {
    if (value.nonce === '' || !Number.isFinite(value.timestamp)) {
      return false;
    }
    if (current !== null && value.timestamp < current.timestamp) {
      return false;
    }
    const changed = current?.nonce !== value.nonce || current.timestamp !== value.timestamp;
    current = value;
    if (persist && changed) {
      try {
        storage?.setItem(NONCE_STORAGE_KEY, JSON.stringify(value));
      } catch {
        // Quota or privacy mode: the nonce still works in this tab.
      }
    }
    return true;
  };

  const onStorage = (event: StorageEvent): void => {
    if (event.key !== NONCE_STORAGE_KEY) {
      return;
    }
    const value = parseStored(event.newValue);
    if (value !== null) {
      take(value, false);
    }
  };
  target.addEventListener('storage', onStorage);

  return {
    get: () => current,
    update: (nonce, timestamp) => take({ nonce, timestamp }, true),
    seed: (nonce, timestamp) => take({ nonce, timestamp }, true),
    stop: () => {
      target.removeEventListener('storage', onStorage);
    },
  };
}

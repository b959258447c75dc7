// Address sync (SPEC §4.8, §9.4): the fields the shopper changed are sent to the cart
// (`update-customer`, through the cart store's write queue) 1500 ms after typing stops, or at
// once when a field is left. Nothing is sent while a changed field has a client-side error.
// The form keeps what the shopper typed: a reply never writes into it, so text typed after a
// request left is never lost, and is sent with the next one. On success the checkout's notices
// are cleared. Rates follow from the cart's reply, once per sent change.

import type { CustomerUpdate } from '../../core';

/** SPEC §9.4. */
export const ADDRESS_SYNC_DELAY_MS = 1500;

/** Which address a field belongs to. */
export type AddressKind = 'billing' | 'shipping';

/** What the sync needs. */
export interface AddressSyncOptions {
  /** Sends the changed fields (the cart store's `updateCustomer`). */
  send(update: CustomerUpdate): Promise<unknown>;
  /** Whether a field id (`billing_postcode`, `shipping_city`...) has a client-side error. */
  hasError(fieldId: string): boolean;
  /** After a successful send: clear the notices (SPEC §4.8). */
  onSent?: () => void;
  delayMs?: number;
}

/** A running sync. */
export interface AddressSync {
  /** A field changed (typing): sent after the delay. */
  change(kind: AddressKind, key: string, value: string): void;
  /** A field was left: send what changed now. */
  leave(): void;
  /** Sends what changed now and resolves once it was answered (before placing the order). */
  flush(): Promise<void>;
  /** Fields changed and not yet sent, as `billing_city`... ids. */
  pendingFields(): string[];
  stop(): void;
}

/** Starts a sync. */
export function createAddressSync(options: AddressSyncOptions): AddressSync {
  const delayMs = options.delayMs ?? ADDRESS_SYNC_DELAY_MS;
  const changed: Record<AddressKind, Map<string, string>> = { billing: new Map(), shipping: new Map() };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<void> = Promise.resolve();
  let stopped = false;

  const ids = (): string[] =>
    (['billing', 'shipping'] as const).flatMap((kind) => [...changed[kind].keys()].map((key) => `${kind}_${key}`));

  const send = (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    if (stopped || ids().length === 0 || ids().some((id) => options.hasError(id))) {
      return inFlight;
    }
    const update: CustomerUpdate = {};
    if (changed.billing.size > 0) {
      update.billing_address = Object.fromEntries(changed.billing);
    }
    if (changed.shipping.size > 0) {
      update.shipping_address = Object.fromEntries(changed.shipping);
    }
    changed.billing.clear();
    changed.shipping.clear();
    const sent = options.send(update).then(
      () => {
        options.onSent?.();
      },
      () => {
        // The cart store reported the refusal where it belongs; the shopper's values stay.
      },
    );
    inFlight = inFlight.then(() => sent);
    return inFlight;
  };

  return {
    change(kind, key, value) {
      if (stopped) {
        return;
      }
      changed[kind].set(key, value);
      clearTimeout(timer);
      timer = setTimeout(() => void send(), delayMs);
    },
    leave() {
      if (ids().length > 0) {
        void send();
      }
    },
    flush: send,
    pendingFields: ids,
    stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

// The customer's saved cards (`customerPaymentMethods`, SPEC §3.19): `{"cc": [...]}` or `[]`,
// checked entry by entry; only the cards of gateways that registered with saved cards shown
// are kept, so the first one the payment store makes active can always be paid with.

import type { SavedPaymentMethod, SavedPaymentMethods } from '../../../core/payment/status';
import { asRecord, isRecord } from '../../../lib/guards';

function savedOf(value: unknown): SavedPaymentMethod[] {
  if (!isRecord(value) || !(typeof value.tokenId === 'number' || typeof value.tokenId === 'string')) {
    return [];
  }
  const method = asRecord(value.method);
  if (typeof method.gateway !== 'string') {
    return [];
  }
  return [
    {
      ...value,
      tokenId: value.tokenId,
      method: {
        gateway: method.gateway,
        ...(typeof method.last4 === 'string' && { last4: method.last4 }),
        ...(typeof method.brand === 'string' && { brand: method.brand }),
      },
      ...(typeof value.expires === 'string' && { expires: value.expires }),
      ...(typeof value.is_default === 'boolean' && { is_default: value.is_default }),
    },
  ];
}

/** The saved methods of the setting, by type, for the gateways in `gateways`. */
export function parseSavedMethods(setting: unknown, gateways: readonly string[]): SavedPaymentMethods {
  return Object.fromEntries(
    Object.entries(asRecord(setting)).flatMap(([type, list]) => {
      const kept = (Array.isArray(list) ? list.flatMap(savedOf) : []).filter((saved) => gateways.includes(saved.method.gateway));
      return kept.length > 0 ? [[type, kept]] : [];
    }),
  );
}

/** "Visa ending in 4242 (expires 12/40)", as the classic form and the account name a card. */
export function savedLabel(saved: SavedPaymentMethod): string {
  const brand = saved.method.brand ?? 'Card';
  const ending = saved.method.last4 === undefined ? brand : `${brand} ending in ${saved.method.last4}`;
  return saved.expires === undefined ? ending : `${ending} (expires ${saved.expires})`;
}

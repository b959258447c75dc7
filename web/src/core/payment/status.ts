// The payment status (SPEC §4.7) and the rules around it that need no store: the data a saved
// card puts in the checkout POST (§3.19), the payment result built from the server's reply,
// which method is active after the methods load (§4.7 "Initialising"), and which globally
// configured methods cannot be used (§4.7 "Incompatible").

import type { PaymentResult as WirePaymentResult } from '../api/storeapi.generated';

/** SPEC §4.7. */
export type PaymentStatus = 'idle' | 'express_started' | 'processing' | 'ready' | 'has_error';

/** Every status, in the order a payment reaches them. */
export const PAYMENT_STATUSES: readonly PaymentStatus[] = ['idle', 'express_started', 'processing', 'ready', 'has_error'];

/** The data a payment method puts in the checkout POST's `payment_data` (string values on the wire). */
export type PaymentMethodData = Readonly<Record<string, unknown>>;

/** A saved payment method from the `customerPaymentMethods` setting (SPEC §3.19). */
export interface SavedPaymentMethod {
  tokenId: number | string;
  method: { gateway: string; last4?: string; brand?: string };
  expires?: string;
  is_default?: boolean;
  [member: string]: unknown;
}

/** Saved payment methods grouped by type (`cc`, `echeck`...). */
export type SavedPaymentMethods = Readonly<Record<string, readonly SavedPaymentMethod[]>>;

/** SPEC §3.19: the payment result kept after the checkout replies. */
export interface PaymentResult {
  message: string;
  /** `not set` until the server gave one. */
  paymentStatus: WirePaymentResult['payment_status'] | 'not set';
  redirectUrl: string;
  /** `payment_result.payment_details` as a map. */
  paymentDetails: Readonly<Record<string, string>>;
}

/** The payment result before any reply. */
export const EMPTY_PAYMENT_RESULT: PaymentResult = {
  message: '',
  paymentStatus: 'not set',
  redirectUrl: '',
  paymentDetails: {},
};

/** SPEC §3.19: the result from the checkout reply's `payment_result` (and its `message`, if any). */
export function paymentResultFrom(result: WirePaymentResult | null | undefined, message?: string): PaymentResult {
  if (result === null || result === undefined) {
    return { ...EMPTY_PAYMENT_RESULT, message: message ?? '' };
  }
  const paymentDetails = Object.fromEntries(result.payment_details.map(({ key, value }) => [key, value]));
  return {
    message: message ?? paymentDetails.message ?? '',
    paymentStatus: result.payment_status,
    redirectUrl: result.redirect_url,
    paymentDetails,
  };
}

/** The `payment_data` field naming a saved token of a gateway: `wc-{gateway}-payment-token`. */
export function savedTokenField(gateway: string): string {
  return `wc-${gateway}-payment-token`;
}

/** SPEC §3.19: choosing a saved token sets this payment data. */
export function savedTokenPaymentData(saved: SavedPaymentMethod): PaymentMethodData {
  const token = String(saved.tokenId);
  const gateway = saved.method.gateway;
  return { token, payment_method: gateway, [savedTokenField(gateway)]: token, isSavedToken: true };
}

/** Every saved method, in the order of its groups. */
export function flattenSavedMethods(saved: SavedPaymentMethods): SavedPaymentMethod[] {
  return Object.values(saved).flat();
}

/** What [initialSelection] decides. */
export type InitialSelection =
  | { kind: 'saved-token'; method: string; token: string; paymentMethodData: PaymentMethodData }
  | { kind: 'keep' }
  | { kind: 'first-available'; method: string };

/**
 * SPEC §4.7 "Initialising payment methods": the first saved payment method becomes active as
 * a saved token; otherwise the active method stays while it is available, or else payment goes
 * idle and the first available method becomes active ('' when none is).
 */
export function initialSelection(
  saved: SavedPaymentMethods,
  activePaymentMethod: string,
  available: readonly string[],
): InitialSelection {
  const first = flattenSavedMethods(saved)[0];
  if (first !== undefined) {
    return {
      kind: 'saved-token',
      method: first.method.gateway,
      token: String(first.tokenId),
      paymentMethodData: savedTokenPaymentData(first),
    };
  }
  if (activePaymentMethod !== '' && available.includes(activePaymentMethod)) {
    return { kind: 'keep' };
  }
  return { kind: 'first-available', method: available[0] ?? '' };
}

/**
 * SPEC §4.7: the globally configured methods that are in neither available list; computed once
 * both lists are initialised (null before).
 */
export function incompatibleMethods(
  globalMethods: readonly { id: string; title: string }[],
  available: readonly string[],
  availableExpress: readonly string[],
  initialised: boolean,
): Readonly<Record<string, string>> | null {
  if (!initialised) {
    return null;
  }
  return Object.fromEntries(
    globalMethods
      .filter(({ id }) => !available.includes(id) && !availableExpress.includes(id))
      .map(({ id, title }) => [id, title]),
  );
}

/** One `payment_data` entry of the checkout POST. */
export interface PaymentDataEntry {
  key: string;
  value: string | number | boolean;
}

/**
 * The checkout POST's `payment_data`: the active method's data as `[{key, value}]`, always
 * ending with `wc-{name}-new-payment-method` (whether to keep a new card). Values the server
 * cannot read (objects, null) are left out.
 */
export function paymentDataForCheckout(
  data: PaymentMethodData,
  activePaymentMethod: string,
  shouldSavePaymentMethod: boolean,
): PaymentDataEntry[] {
  const saveKey = `wc-${activePaymentMethod}-new-payment-method`;
  const entries = Object.entries(data).flatMap(([key, value]): PaymentDataEntry[] =>
    key !== saveKey && (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      ? [{ key, value }]
      : [],
  );
  return [...entries, { key: saveKey, value: shouldSavePaymentMethod }];
}

// What checkout observers return (SPEC §4.6, §4.7; frontend.md §1.4): nothing or `true` to let
// the checkout go on, or a response object whose `type` says how it went. `error` is for input
// the shopper can fix, `failure` for a payment processor's refusal; both stop the observers
// that would run after them.

/** The response types, under the names payment methods read from `emitResponse.responseTypes`. */
export const RESPONSE_TYPES = { SUCCESS: 'success', FAIL: 'failure', ERROR: 'error' } as const;

/** A response's type. */
export type ResponseType = (typeof RESPONSE_TYPES)[keyof typeof RESPONSE_TYPES];

/** A field error an observer hands back (SPEC §3.21): applied when every entry has this shape. */
export interface ObserverValidationError {
  message: string;
  hidden: boolean;
}

/** What an observer may return as an object. Other members are kept and passed on. */
export interface ObserverResponse {
  type: ResponseType;
  /** Shown to the shopper for an error or failure. */
  message?: string;
  /** The notice context to show `message` in (SPEC §2.9). */
  messageContext?: string;
  /** For a checkout_fail or checkout_success error: false keeps the checkout from a retry. */
  retry?: boolean;
  redirectUrl?: string;
  validationErrors?: Readonly<Record<string, ObserverValidationError>>;
  /** payment_setup: the data and addresses the method collected. */
  meta?: {
    paymentMethodData?: Readonly<Record<string, unknown>>;
    billingAddress?: Readonly<Record<string, unknown>>;
    shippingAddress?: Readonly<Record<string, unknown>>;
  };
  readonly [member: string]: unknown;
}

/** A plain object (not an array, not null). */
export function isObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasType(response: unknown, type: ResponseType): response is ObserverResponse {
  return isObject(response) && response.type === type;
}

export function isSuccessResponse(response: unknown): response is ObserverResponse {
  return hasType(response, 'success');
}

export function isErrorResponse(response: unknown): response is ObserverResponse {
  return hasType(response, 'error');
}

export function isFailureResponse(response: unknown): response is ObserverResponse {
  return hasType(response, 'failure');
}

/** An error or a failure: the observers stop here. */
export function stopsObservers(response: unknown): boolean {
  return isErrorResponse(response) || isFailureResponse(response);
}

/** A response allows a retry unless it says `retry: false` (the checkout then completes). */
export function allowsRetry(response: ObserverResponse): boolean {
  return response.retry !== false;
}

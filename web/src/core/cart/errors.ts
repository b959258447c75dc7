// One error type for every way a cart call can fail (SPEC §8.4), so callers read `code`,
// `message` and `status` the same way whether the server refused, the reply was garbage or
// the network was down.

import { replyChecks } from '../api/checks';
import type { StoreApiErrorData, StoreCart } from './types';

/** SPEC §8.4: what shoppers see for an error without a message of its own. */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please contact us to get assistance.';

/** Codes of errors made in the browser rather than by the server. */
export const ClientErrorCode = {
  /** The reply was not JSON. */
  invalidJson: 'invalid_json',
  /** A batch reply without `responses[]` of `{body, headers, status}`. */
  responseNotValid: 'response_not_valid',
  /** `GET /cart` returned something that is not a cart. */
  cartApiError: 'cart_api_error',
  /** The request never got an answer (offline, blocked, aborted). */
  fetchError: 'fetch_error',
} as const;

/** Store API codes that mean "send again with a fresh nonce". */
export const NONCE_ERROR_CODES: readonly string[] = [
  'woocommerce_rest_invalid_nonce',
  'woocommerce_rest_missing_nonce',
];

/** A failed cart call: the Store API's `{code, message, data}`, or one of [ClientErrorCode]. */
export class CartError extends Error {
  /** The Store API error code, or a client code such as `invalid_json`. */
  readonly code: string;
  /** The HTTP status, when there was an answer. */
  readonly status: number | undefined;
  /** The error's `data` as the server sent it. */
  readonly data: StoreApiErrorData | undefined;

  constructor(code: string, message: string, status?: number, data?: StoreApiErrorData) {
    super(message);
    this.name = 'CartError';
    this.code = code;
    this.status = status;
    this.data = data;
  }

  /** The fresh cart the server attached to this error (`data.cart`), if it is a cart. */
  get cart(): StoreCart | null {
    const cart = this.data?.cart;
    // Only a reply's error carries data, and replies are read once the checks are loaded.
    return cart !== undefined && replyChecks().isStoreCart(cart) ? cart : null;
  }
}

/** SPEC §8.4: the reply was not JSON. */
export function invalidJsonError(status?: number): CartError {
  return new CartError(ClientErrorCode.invalidJson, 'The response is not a valid JSON response.', status);
}

/** SPEC §7.4: a batch reply of the wrong shape. */
export function responseNotValidError(status?: number): CartError {
  return new CartError(ClientErrorCode.responseNotValid, 'Response not valid', status);
}

/** SPEC §8.4: `GET /cart` gave no cart. */
export function cartApiError(): CartError {
  return new CartError(ClientErrorCode.cartApiError, 'Unable to get cart data from the API.', 500);
}

/**
 * The error a reply body stands for. A Store API error keeps its code and data; anything else
 * becomes "status statusText" (SPEC §8.4: a failure carrying an HTTP status).
 */
export function errorFromReply(body: unknown, status: number, statusText = ''): CartError {
  if (replyChecks().isStoreApiError(body)) {
    return new CartError(body.code, body.message || GENERIC_ERROR_MESSAGE, status, body.data);
  }
  return new CartError('unknown_error', `${status} ${statusText}`.trim(), status);
}

/** Any thrown value as a CartError (a fetch that threw is `fetch_error`). */
export function toCartError(error: unknown): CartError {
  if (error instanceof CartError) {
    return error;
  }
  const message = error instanceof Error && error.message ? error.message : GENERIC_ERROR_MESSAGE;
  return new CartError(ClientErrorCode.fetchError, message);
}

/**
 * The text to show a shopper for an error: the server's message, or the SPEC §8.4 fallback
 * for errors that have none or whose message means nothing to a shopper (`invalid_json`).
 */
export function shopperMessage(error: CartError): string {
  if (error.code === ClientErrorCode.invalidJson || !error.message) {
    return GENERIC_ERROR_MESSAGE;
  }
  return error.message;
}

// The Store API transport (SPEC §7.4): `GET /cart`, the `/batch` envelope for writes, and
// single requests (checkout). It keeps the nonce fresh from every reply, errors included
// (their headers carry one: wc-golden 025/026), and sends a refused write once more with the
// newest nonce.

import { isRecord } from '../../lib/guards';
import {
  CartError,
  NONCE_ERROR_CODES,
  cartApiError,
  errorFromReply,
  invalidJsonError,
  responseNotValidError,
  toCartError,
} from './errors';
import type { NonceStore } from './nonce';
import { loadReplyChecks, replyChecks } from '../api/checks';
import type { StoreApiRequest, StoreCart } from './types';

/** The Store API's address on this site. */
export const DEFAULT_STORE_API_ROOT = '/wp-json/wc/store/v1';

/** One slot of a `/batch` reply: the sub-request's status, headers and body. */
export interface BatchResponse {
  status: number;
  headers: Record<string, unknown>;
  body: unknown;
}

/** A reply to a single request: any HTTP status, the body parsed as JSON. */
export interface ApiReply {
  status: number;
  ok: boolean;
  headers: Headers;
  body: unknown;
}

/** A cart read with the `Cart-Hash` it was sent with (null when the reply had none). */
export interface CartReply {
  cart: StoreCart;
  hash: string | null;
}

/** What [createStoreApiClient] needs. */
export interface StoreApiClientOptions {
  /** The fetch to use; the page's by default (tests pass a fake Store API). */
  fetch?: typeof fetch;
  /** The Store API root, `/wp-json/wc/store/v1` by default. */
  root?: string;
  /** Where the nonce lives. */
  nonce: NonceStore;
  /** A `Cart-Token` to send, for clients without the session cookie. */
  cartToken?: () => string | null;
}

/** The Store API client. */
export interface StoreApiClient {
  /** `GET /cart`. Rejects with a CartError (`cart_api_error` when the reply is not a cart). */
  getCart(): Promise<StoreCart>;
  /** `GET /cart`, with the reply's `Cart-Hash`. */
  getCartReply(): Promise<CartReply>;
  /**
   * `POST /batch` with up to 25 writes. Resolves with one slot per request, in order, whatever
   * their status; rejects with a CartError when the batch itself failed.
   */
  batch(requests: readonly StoreApiRequest[]): Promise<BatchResponse[]>;
  /** One request outside the batch (checkout). Resolves with any HTTP status. */
  request(path: string, method: string, body?: unknown): Promise<ApiReply>;
}

/** The value of header `name` in a batch slot's headers object, whatever its case. */
export function slotHeader(headers: Record<string, unknown>, name: string): string | null {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === wanted && (typeof value === 'string' || typeof value === 'number')) {
      return String(value);
    }
  }
  return null;
}

function isBatchResponse(value: unknown): value is BatchResponse {
  return isRecord(value) && 'body' in value && typeof value.status === 'number' && isRecord(value.headers);
}

function isNonceError(body: unknown): boolean {
  const { isStoreApiError } = replyChecks();
  return isStoreApiError(body) && NONCE_ERROR_CODES.includes(body.code);
}

/** Creates the Store API client. Nothing is sent until a method is called. */
export function createStoreApiClient(options: StoreApiClientOptions): StoreApiClient {
  const doFetch = options.fetch ?? ((input, init) => window.fetch(input, init));
  const root = (options.root ?? DEFAULT_STORE_API_ROOT).replace(/\/+$/, '');
  // Batch slots name routes without the REST prefix: /wc/store/v1/cart/add-item.
  const namespace = root.replace(/^.*?\/wp-json(?=\/)/, '');
  const { nonce } = options;

  const takeNonce = (get: (name: string) => string | null): void => {
    const value = get('Nonce');
    const timestamp = Number(get('Nonce-Timestamp') ?? Number.NaN);
    // A nonce without its timestamp cannot be ordered against the one held: ignore it.
    if (value && Number.isFinite(timestamp)) {
      nonce.update(value, timestamp);
    }
  };

  const send = async (path: string, method: string, body?: unknown): Promise<ApiReply> => {
    // Fetched beside the request: every reply is read with them (../api/checks.ts).
    const checksLoaded = loadReplyChecks();
    void checksLoaded.catch(() => undefined);
    const headers: Record<string, string> = { Accept: 'application/json' };
    const current = nonce.get();
    if (method !== 'GET') {
      headers['Content-Type'] = 'application/json';
      if (current) {
        headers.Nonce = current.nonce;
      }
    }
    const token = options.cartToken?.();
    if (token) {
      headers['Cart-Token'] = token;
    }
    const init: RequestInit = { method, headers, cache: 'no-store', credentials: 'same-origin' };
    if (body !== undefined) {
      init.body = JSON.stringify(body);
    }
    let response: Response;
    try {
      response = await doFetch(`${root}${path}`, init);
    } catch (error) {
      throw toCartError(error);
    }
    takeNonce((name) => response.headers.get(name));
    const text = await response.text().catch(() => '');
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw invalidJsonError(response.status);
    }
    try {
      await checksLoaded;
    } catch (error) {
      throw toCartError(error);
    }
    return { status: response.status, ok: response.ok, headers: response.headers, body: parsed };
  };

  // A write refused for its nonce goes once more, with whatever nonce is newest by then.
  const sendWithRetry = async (path: string, method: string, body?: unknown): Promise<ApiReply> => {
    const reply = await send(path, method, body);
    return method !== 'GET' && isNonceError(reply.body) ? send(path, method, body) : reply;
  };

  const getCartReply = async (): Promise<CartReply> => {
    const reply = await send('/cart', 'GET');
    if (!reply.ok) {
      throw errorFromReply(reply.body, reply.status);
    }
    if (!replyChecks().isStoreCart(reply.body)) {
      throw cartApiError();
    }
    return { cart: reply.body, hash: reply.headers.get('Cart-Hash') };
  };

  const sendBatch = async (requests: readonly StoreApiRequest[]): Promise<BatchResponse[]> => {
    // The nonce goes on the batch and on every sub-request (WooCommerce checks each one).
    const current = nonce.get();
    const envelope = {
      requests: requests.map((request) => ({
        path: request.path.startsWith(namespace) ? request.path : `${namespace}${request.path}`,
        method: request.method,
        body: request.body ?? {},
        headers: current ? { Nonce: current.nonce } : {},
      })),
    };
    const reply = await send('/batch', 'POST', envelope);
    if (!reply.ok) {
      throw errorFromReply(reply.body, reply.status);
    }
    const responses = isRecord(reply.body) ? reply.body.responses : undefined;
    if (
      !Array.isArray(responses) ||
      responses.length !== requests.length ||
      !responses.every(isBatchResponse)
    ) {
      throw responseNotValidError(reply.status);
    }
    for (const slot of responses) {
      takeNonce((name) => slotHeader(slot.headers, name));
    }
    return responses;
  };

  const batch = async (requests: readonly StoreApiRequest[]): Promise<BatchResponse[]> => {
    let responses: BatchResponse[];
    try {
      responses = await sendBatch(requests);
    } catch (error) {
      if (error instanceof CartError && NONCE_ERROR_CODES.includes(error.code)) {
        return sendBatch(requests);
      }
      throw error;
    }
    // All sub-requests carry the same nonce, so a stale one fails them all. Only then is the
    // batch sent again: re-sending a mix would repeat the writes that did go through.
    if (responses.length > 0 && responses.every((slot) => isNonceError(slot.body))) {
      return sendBatch(requests);
    }
    return responses;
  };

  return {
    getCart: async () => (await getCartReply()).cart,
    getCartReply,
    batch,
    request: sendWithRetry,
  };
}

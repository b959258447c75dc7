// A fake Store API for the cart core's tests: a `fetch` that answers like the server (shapes
// from shared/reference/wc-golden), records every request, and can hold replies back so a
// test decides when each one arrives. Replies are computed when the request is sent, as a
// server would, and only delivered later.

import type { CurrencyFields, PackageView, RateView, StoreProduct } from '../api/storeapi.generated';
import type { CartItem, StoreApiError, StoreCart } from '../cart/types';

/** The currency fields of every amount the fake server sends (USD). */
export const CURRENCY: CurrencyFields = {
  currency_code: 'USD',
  currency_symbol: '$',
  currency_minor_unit: 2,
  currency_decimal_separator: '.',
  currency_thousand_separator: ',',
  currency_prefix: '$',
  currency_suffix: '',
};

/** A cart line with the fields the server sends. */
export function makeItem(key: string, quantity: number, overrides: Partial<CartItem> = {}): CartItem {
  return {
    key,
    id: 100,
    type: 'simple',
    quantity,
    quantity_limits: { minimum: 1, maximum: 9999, multiple_of: 1, editable: true },
    name: `Item ${key}`,
    short_description: '',
    description: '',
    sku: '',
    low_stock_remaining: null,
    backorders_allowed: false,
    show_backorder_badge: false,
    sold_individually: false,
    permalink: `/product/${key}/`,
    images: [],
    variation: [],
    item_data: [],
    prices: {
      ...CURRENCY,
      price: '1800',
      regular_price: '1800',
      sale_price: '1800',
      price_range: null,
      raw_prices: { precision: 6, price: '18000000', regular_price: '18000000', sale_price: '18000000' },
    },
    totals: { ...CURRENCY, line_subtotal: '0', line_subtotal_tax: '0', line_total: '0', line_total_tax: '0' },
    catalog_visibility: 'visible',
    extensions: {},
    ...overrides,
  };
}

const ADDRESS = {
  first_name: '',
  last_name: '',
  company: '',
  address_1: '',
  address_2: '',
  city: '',
  state: '',
  postcode: '',
  country: 'US',
  phone: '',
};

/** A shipping rate of the fake shop (`flat_rate:1` is "flat_rate", instance 1), free. */
export function makeRate(rateId: string, selected = false, overrides: Partial<RateView> = {}): RateView {
  const [methodId = rateId, instance = '0'] = rateId.split(':');
  return {
    rate_id: rateId,
    name: rateId,
    description: '',
    delivery_time: '',
    price: '0',
    taxes: '0',
    instance_id: Number(instance),
    method_id: methodId,
    meta_data: [],
    selected,
    ...CURRENCY,
    ...overrides,
  };
}

/** A shipping package offering `rateIds`, the first one chosen. */
export function makePackage(rateIds: string[], overrides: Partial<PackageView> = {}): PackageView {
  return {
    package_id: 0,
    name: 'Shipment 1',
    destination: { address_1: '', address_2: '', city: '', state: '', postcode: '', country: 'US' },
    items: [],
    shipping_rates: rateIds.map((rateId, index) => makeRate(rateId, index === 0)),
    ...overrides,
  };
}

/** A simple, purchasable product as the Store API lists it (a cross-sell, a product to discover). */
export function makeProduct(id: number, name: string, price: string, overrides: Partial<StoreProduct> = {}): StoreProduct {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return {
    id,
    name,
    slug,
    parent: 0,
    type: 'simple',
    variation: '',
    permalink: `/product/${slug}/`,
    sku: '',
    short_description: '',
    description: '',
    on_sale: false,
    prices: { ...CURRENCY, price, regular_price: price, sale_price: price, price_range: null },
    price_html: '',
    average_rating: '0',
    review_count: 0,
    images: [],
    categories: [],
    tags: [],
    brands: [],
    attributes: [],
    variations: [],
    grouped_products: [],
    has_options: false,
    is_purchasable: true,
    is_in_stock: true,
    is_on_backorder: false,
    low_stock_remaining: null,
    stock_availability: { text: '', class: 'in-stock' },
    sold_individually: false,
    add_to_cart: {
      text: 'Add to cart',
      description: `Add to cart: &ldquo;${name}&rdquo;`,
      url: `?add-to-cart=${String(id)}`,
      single_text: 'Add to cart',
      minimum: 1,
      maximum: 9999,
      multiple_of: 1,
    },
    extensions: {},
    ...overrides,
  };
}

/** A cart holding `items`; `total_price` is a made-up server figure (the browser never sums). */
export function makeCart(items: CartItem[] = [], overrides: Partial<StoreCart> = {}): StoreCart {
  const count = items.reduce((sum, item) => sum + item.quantity, 0);
  return {
    items,
    coupons: [],
    fees: [],
    totals: {
      ...CURRENCY,
      total_items: String(count * 1800),
      total_items_tax: '0',
      total_fees: '0',
      total_fees_tax: '0',
      total_discount: '0',
      total_discount_tax: '0',
      total_shipping: null,
      total_shipping_tax: null,
      total_price: String(count * 1800),
      total_tax: '0',
      tax_lines: [],
    },
    shipping_address: { ...ADDRESS },
    billing_address: { ...ADDRESS, email: '' },
    needs_payment: true,
    needs_shipping: true,
    payment_requirements: ['products'],
    has_calculated_shipping: false,
    shipping_rates: [],
    items_count: count,
    items_weight: 0,
    cross_sells: [],
    errors: [],
    payment_methods: ['cod'],
    extensions: {},
    ...overrides,
  };
}

/** The hash the fake server gives a cart ('' when empty), like Mercato's `Cart-Hash`. */
export function hashOf(cart: StoreCart): string {
  if (cart.items.length === 0) {
    return '';
  }
  return `h:${cart.items.map((item) => `${item.key}x${item.quantity}`).join(',')}:${cart.coupons.map((c) => c.code).join(',')}`;
}

/** A request the fake received. */
export interface RecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  /** For form posts: the decoded fields. */
  form: Record<string, string> | null;
}

/** A reply the fake sends: status, JSON body (or raw text) and headers. */
export interface FakeReply {
  status: number;
  body?: unknown;
  text?: string;
  headers?: Record<string, string>;
}

type Route = (body: Record<string, unknown>) => FakeReply;

/** A fake Store API server. */
export class FakeStoreApi {
  cart: StoreCart;
  /** The nonce the server accepts and sends. */
  nonce = 'nonce-1';
  nonceTimestamp = 1000;
  readonly requests: RecordedRequest[] = [];
  /** While true, replies wait for [release]. */
  holding = false;
  /** Answers a request before the routes do; return undefined to let them answer. */
  intercept: ((request: RecordedRequest) => FakeReply | Error | undefined) | null = null;
  /** Runs after every write the routes perform (e.g. the server changing another line). */
  afterWrite: ((cart: StoreCart) => StoreCart) | null = null;
  private readonly held: (() => void)[] = [];

  constructor(cart: StoreCart = makeCart()) {
    this.cart = cart;
  }

  /** Requests whose URL contains `part`. */
  sent(part: string): RecordedRequest[] {
    return this.requests.filter((request) => request.url.includes(part));
  }

  /** The sub-requests of every batch sent, in order. */
  batches(): { path: string; method: string; body: Record<string, unknown>; headers: Record<string, string> }[][] {
    return this.sent('/batch').map((request) => (request.body as { requests: never[] }).requests);
  }

  /** Delivers the oldest held reply (or the one at `index`). */
  release(index = 0): void {
    const [deliver] = this.held.splice(index, 1);
    deliver?.();
  }

  /** How many replies are held back. */
  get heldCount(): number {
    return this.held.length;
  }

  private headers(): Record<string, string> {
    return {
      'Content-Type': 'application/json',
      Nonce: this.nonce,
      'Nonce-Timestamp': String(this.nonceTimestamp),
      'Cart-Hash': hashOf(this.cart),
    };
  }

  private cartReply(status = 200): FakeReply {
    const body: StoreCart = structuredClone(this.cart);
    return { status, body, headers: this.headers() };
  }

  private error(status: number, code: string, message: string, withCart = false): FakeReply {
    const body: StoreApiError = {
      code,
      message,
      data: withCart ? { status, cart: structuredClone(this.cart) } : { status },
    };
    return { status, body, headers: this.headers() };
  }

  private write(change: () => FakeReply | null, status = 200): FakeReply {
    const refused = change();
    if (refused) {
      return refused;
    }
    if (this.afterWrite) {
      this.cart = this.afterWrite(this.cart);
    }
    return this.cartReply(status);
  }

  private readonly routes: Record<string, Route> = {
    '/cart/add-item': (body) =>
      this.write(() => {
        const id = Number(body.id);
        const quantity = Number(body.quantity ?? 1);
        const line = this.cart.items.find((item) => item.id === id);
        const items = line
          ? this.cart.items.map((item) => (item === line ? { ...item, quantity: item.quantity + quantity } : item))
          : [...this.cart.items, makeItem(`key${id}`, quantity, { id, name: `Product ${id}` })];
        this.cart = makeCart(items, { coupons: this.cart.coupons, shipping_rates: this.cart.shipping_rates });
        return null;
      }, 201),
    '/cart/update-item': (body) =>
      this.write(() => {
        if (!this.cart.items.some((item) => item.key === body.key)) {
          return this.error(404, 'woocommerce_rest_cart_invalid_key', 'Cart item does not exist.', true);
        }
        const items = this.cart.items.map((item) =>
          item.key === body.key ? { ...item, quantity: Number(body.quantity) } : item,
        );
        this.cart = makeCart(items, { coupons: this.cart.coupons, shipping_rates: this.cart.shipping_rates });
        return null;
      }),
    '/cart/remove-item': (body) =>
      this.write(() => {
        if (!this.cart.items.some((item) => item.key === body.key)) {
          return this.error(404, 'woocommerce_rest_cart_invalid_key', 'Cart item no longer exists.', true);
        }
        const items = this.cart.items.filter((item) => item.key !== body.key);
        this.cart = makeCart(items, { coupons: this.cart.coupons, shipping_rates: this.cart.shipping_rates });
        return null;
      }),
    '/cart/apply-coupon': (body) =>
      this.write(() => {
        if (body.code === 'expired') {
          return this.error(400, 'woocommerce_rest_cart_coupon_error', 'Coupon &quot;expired&quot; has expired.');
        }
        this.cart = {
          ...this.cart,
          coupons: [
            ...this.cart.coupons,
            { code: String(body.code), discount_type: 'percent', totals: { ...CURRENCY, total_discount: '100', total_discount_tax: '0' } },
          ],
        };
        return null;
      }),
    '/cart/remove-coupon': (body) =>
      this.write(() => {
        this.cart = { ...this.cart, coupons: this.cart.coupons.filter((c) => c.code !== body.code) };
        return null;
      }),
    '/cart/select-shipping-rate': (body) =>
      this.write(() => {
        this.cart = {
          ...this.cart,
          shipping_rates: this.cart.shipping_rates.map((pkg) =>
            String(pkg.package_id) === String(body.package_id)
              ? { ...pkg, shipping_rates: pkg.shipping_rates.map((r) => ({ ...r, selected: r.rate_id === body.rate_id })) }
              : pkg,
          ),
        };
        return null;
      }),
    '/cart/update-customer': (body) =>
      this.write(() => {
        this.cart = {
          ...this.cart,
          billing_address: { ...this.cart.billing_address, ...(body.billing_address as object) },
          shipping_address: { ...this.cart.shipping_address, ...(body.shipping_address as object) },
        };
        return null;
      }),
  };

  /** Runs one Store API request against the fake cart. */
  private handle(route: string, method: string, headers: Record<string, string>, body: unknown): FakeReply {
    if (route === '/cart' && method === 'GET') {
      return this.cartReply();
    }
    if (method !== 'GET') {
      const sent = headers.Nonce ?? headers.nonce;
      if (sent === undefined) {
        return this.error(401, 'woocommerce_rest_missing_nonce', 'Missing the Nonce header. This endpoint requires a valid nonce.');
      }
      if (sent !== this.nonce) {
        return this.error(403, 'woocommerce_rest_invalid_nonce', 'Nonce is invalid.');
      }
    }
    const handler = this.routes[route];
    if (handler === undefined) {
      return this.error(404, 'rest_no_route', 'No route was found matching the URL and request method.');
    }
    return handler((body ?? {}) as Record<string, unknown>);
  }

  private batch(body: unknown, outer: Record<string, string>): FakeReply {
    const requests = (body as { requests: { path: string; method: string; body: unknown; headers?: Record<string, string> }[] })
      .requests;
    const responses = requests.map((request) => {
      const reply = this.handle(
        request.path.replace('/wc/store/v1', ''),
        request.method,
        { ...outer, ...request.headers },
        request.body,
      );
      return {
        body: reply.body,
        status: reply.status,
        headers: { ...reply.headers, 'Nonce-Timestamp': this.nonceTimestamp },
      };
    });
    return { status: 207, body: { responses }, headers: this.headers() };
  }

  /** The fake `fetch`. */
  readonly fetch = (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = input instanceof Request ? input.url : String(input);
    const method = init.method ?? 'GET';
    const headers: Record<string, string> = { ...(init.headers as Record<string, string> | undefined) };
    const raw = typeof init.body === 'string' ? init.body : null;
    const isForm = (headers['Content-Type'] ?? '').startsWith('application/x-www-form-urlencoded');
    const request: RecordedRequest = {
      url,
      method,
      headers,
      body: raw !== null && !isForm ? (JSON.parse(raw) as unknown) : raw,
      form: raw !== null && isForm ? Object.fromEntries(new URLSearchParams(raw)) : null,
    };
    this.requests.push(request);

    let reply: FakeReply | Error | undefined = this.intercept?.(request);
    if (reply === undefined) {
      const path = url.replace(/^.*\/wc\/store\/v1/, '');
      reply = path === '/batch' ? this.batch(request.body, headers) : this.handle(path, method, headers, request.body);
    }
    const answer = reply;
    return new Promise<Response>((resolve, reject) => {
      const deliver = (): void => {
        if (answer instanceof Error) {
          reject(answer);
          return;
        }
        const text = answer.text ?? JSON.stringify(answer.body ?? null);
        resolve({
          ok: answer.status >= 200 && answer.status < 300,
          status: answer.status,
          statusText: '',
          headers: new Headers(answer.headers ?? {}),
          text: () => Promise.resolve(text),
          json: () => Promise.resolve(JSON.parse(text) as unknown),
        } as Response);
      };
      if (this.holding) {
        this.held.push(deliver);
      } else {
        deliver();
      }
    });
  };
}

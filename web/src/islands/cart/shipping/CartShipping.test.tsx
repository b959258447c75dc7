import { getByRole, queryByRole, queryByText, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStoreApiClient } from '../../../core/cart/api';
import { createNonceStore, type NonceStore } from '../../../core/cart/nonce';
import { createCartStore, type CartStore } from '../../../core/cart/store';
import type { ShippingPackage, ShippingRate, StoreCart } from '../../../core/cart/types';
import { createNoticeStore, type NoticeStore } from '../../../core/notices';
import { useCart } from '../../../core/react/useCart';
import { CURRENCY, FakeStoreApi, hashOf, makeCart, makeItem } from '../../../core/testing/fakeStoreApi';
import { choose, enter, interact, mountReact, typeInto, type Mounted } from '../../../testing/mount-react';
import { CartShipping } from './CartShipping';
import { PackageRates } from './PackageRates';
import type { ShippingCountry } from './countries';

function rate(rateId: string, name: string, price: string, selected: boolean, extra: Partial<ShippingRate> = {}): ShippingRate {
  const [methodId = '', instance = '0'] = rateId.split(':');
  return {
    ...CURRENCY,
    rate_id: rateId,
    name,
    description: '',
    delivery_time: '',
    price,
    taxes: '0',
    instance_id: Number(instance),
    method_id: methodId,
    meta_data: [],
    selected,
    ...extra,
  };
}

const PICKUP = rate('pickup_location:0', 'Pickup (Mercato Studio)', '0', false, {
  meta_data: [
    { key: 'pickup_location', value: 'Mercato Studio' },
    { key: 'pickup_address', value: '12 Market Street, Portland, OR 97205' },
    { key: 'pickup_details', value: 'Weekdays 10–6' },
  ],
});

function shipment(rates: ShippingRate[], overrides: Partial<ShippingPackage> = {}): ShippingPackage {
  return {
    package_id: 0,
    name: 'Shipment 1',
    destination: { address_1: '', address_2: '', country: 'US', state: 'OR', postcode: '97205', city: 'Portland' },
    items: [{ key: 'a', name: 'Hoodie', quantity: 1 }],
    shipping_rates: rates,
    ...overrides,
  };
}

const RATES = [rate('flat_rate:1', 'Flat rate', '500', true), rate('free_shipping:2', 'Free shipping', '0', false), PICKUP];

/** The fake server's totals: the items' $18 plus the selected rate's price (its total follows the choice). */
function priced(cart: StoreCart): StoreCart {
  const shipping = cart.shipping_rates[0]?.shipping_rates.find((r) => r.selected)?.price ?? '0';
  return { ...cart, totals: { ...cart.totals, total_shipping: shipping, total_price: String(1800 + Number(shipping)) } };
}

const COUNTRIES: ShippingCountry[] = [
  {
    code: 'US',
    name: 'United States (US)',
    states: [
      ['CA', 'California'],
      ['OR', 'Oregon'],
    ],
    fields: {
      state: { label: 'State', required: true, hidden: false },
      city: { label: 'Town / City', required: true, hidden: false },
      postcode: { label: 'ZIP Code', required: true, hidden: false },
    },
  },
  {
    code: 'CW',
    name: 'Curaçao',
    states: [],
    fields: {
      state: { label: 'State / County', required: false, hidden: false },
      city: { label: 'Town / City', required: true, hidden: false },
      postcode: { label: 'Postcode / ZIP', required: false, hidden: false },
    },
  },
];

let nonce: NonceStore;
let mounted: Mounted;

function setup(cart: StoreCart, countries: () => Promise<ShippingCountry[]> = () => Promise.resolve(COUNTRIES)) {
  const server = new FakeStoreApi(priced(cart));
  server.afterWrite = priced;
  nonce = createNonceStore(null);
  nonce.seed(server.nonce, server.nonceTimestamp);
  const api = createStoreApiClient({ fetch: server.fetch, nonce });
  const notices = createNoticeStore();
  const store = createCartStore({ api, notices, initialCart: structuredClone(server.cart), initialHash: hashOf(server.cart), windowMs: 0 });
  const loadCountries = vi.fn(countries);
  function Harness({ store: s, notices: n }: { store: CartStore; notices: NoticeStore }) {
    const view = useCart((state) => state.cart, s);
    if (view === null) {
      return null;
    }
    return (
      <>
        <CartShipping cart={view} runtime={{ cart: s, notices: n }} loadCountries={loadCountries} />
        <p data-testid="total">{view.totals.total_price}</p>
      </>
    );
  }
  mounted = mountReact(<Harness store={store} notices={notices} />);
  return { server, store, notices, loadCountries };
}

const filledCart = (rates: ShippingPackage[], overrides: Partial<StoreCart> = {}) =>
  makeCart([makeItem('a', 1, { name: 'Hoodie' })], { shipping_rates: rates, has_calculated_shipping: true, ...overrides });

const total = () => mounted.container.querySelector('[data-testid="total"]')?.textContent;
const group = () => getByRole(mounted.container, 'group', { name: 'Shipping options' });
const radio = (name: string) => within(group()).getByRole<HTMLInputElement>('radio', { name });

/** Waits, on real timers, until `check` passes (the batch window is 0 ms here); React applies
 *  what arrived before each look. */
const settled = (check: () => void) =>
  vi.waitFor(
    async () => {
      await act(() => Promise.resolve());
      check();
    },
    { timeout: 5000 },
  );

beforeEach(() => {
  document.body.replaceChildren();
});

afterEach(() => {
  mounted.unmount();
  nonce.stop();
});

describe('CartShipping rates', () => {
  it('lists the rates as radios named after them, in a group named "Shipping options"', () => {
    setup(filledCart([shipment(RATES)]));
    expect(radio('Flat rate').checked).toBe(true);
    expect(radio('Free shipping').checked).toBe(false);
    expect(radio('Mercato Studio').checked).toBe(false);
    expect(within(group()).getAllByRole('radio')).toHaveLength(3);
  });

  it('switches rate: the radio moves at once, the total is the server’s from its reply', async () => {
    const { server } = setup(filledCart([shipment(RATES)]));
    expect(total()).toBe('2300');
    server.holding = true;
    await interact(() => userEvent.click(radio('Free shipping')));
    // Selected before the server answered; the total is not guessed.
    expect(radio('Free shipping').checked).toBe(true);
    expect(radio('Flat rate').checked).toBe(false);
    expect(total()).toBe('2300');
    await settled(() => {
      expect(server.heldCount).toBe(1);
    });
    expect(group().getAttribute('aria-busy')).toBe('true');
    server.holding = false;
    server.release();
    await settled(() => {
      expect(total()).toBe('1800');
    });
    expect(radio('Free shipping').checked).toBe(true);
    expect(group().getAttribute('aria-busy')).toBeNull();
    const sent = server.batches().flat().filter((r) => r.path.endsWith('/cart/select-shipping-rate'));
    expect(sent.map((r) => r.body)).toEqual([{ package_id: 0, rate_id: 'free_shipping:2' }]);
  });

  it('switches to pickup and shows the location’s address and details', async () => {
    setup(filledCart([shipment(RATES)]));
    expect(queryByText(mounted.container, '12 Market Street, Portland, OR 97205')).toBeNull();
    await interact(() => userEvent.click(radio('Mercato Studio')));
    expect(radio('Mercato Studio').checked).toBe(true);
    expect(queryByText(mounted.container, '12 Market Street, Portland, OR 97205')).not.toBeNull();
    expect(queryByText(mounted.container, 'Weekdays 10–6')).not.toBeNull();
    await interact(() => userEvent.click(radio('Flat rate')));
    expect(queryByText(mounted.container, '12 Market Street, Portland, OR 97205')).toBeNull();
  });

  it('rolls a refused choice back and says so in the cart’s notices', async () => {
    const { server, notices } = setup(filledCart([shipment(RATES)]));
    server.intercept = (request) => {
      const body = request.body as { requests?: { path: string }[] } | null;
      return body?.requests?.some((r) => r.path.endsWith('/select-shipping-rate'))
        ? { status: 400, body: { code: 'woocommerce_rest_cart_invalid_rate', message: 'Invalid shipping rate.', data: { status: 400 } } }
        : undefined;
    };
    await interact(() => userEvent.click(radio('Free shipping')));
    await settled(() => {
      expect(radio('Flat rate').checked).toBe(true);
    });
    expect(notices.noticesOf('wc/cart').map((n) => n.content)).toContain('Invalid shipping rate.');
  });

  it('shows each package’s items when there are several, and "no rates" for a package without any', () => {
    setup(
      filledCart([
        shipment(RATES),
        shipment([], { package_id: 1, name: 'Shipment 2', items: [{ key: 'b', name: 'Poster', quantity: 2 }] }),
      ]),
    );
    expect(queryByText(mounted.container, 'Hoodie × 1')).not.toBeNull();
    expect(queryByText(mounted.container, 'Poster × 2')).not.toBeNull();
    expect(getByRole(mounted.container, 'group', { name: 'Shipping options for Shipment 1' })).toBeTruthy();
    expect(queryByText(mounted.container, /No shipping options were found for Portland, OR, 97205, US/)).not.toBeNull();
  });

  it('renders nothing for a cart that needs no shipping', () => {
    setup(filledCart([], { needs_shipping: false }));
    expect(mounted.container.querySelector('.cart-shipping')).toBeNull();
  });
});

describe('the shipping calculator', () => {
  it('is a toggle named "Calculate shipping" before an address is known', async () => {
    const { loadCountries } = setup(filledCart([], { has_calculated_shipping: false }));
    const toggle = getByRole(mounted.container, 'button', { name: 'Calculate shipping' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await interact(() => userEvent.click(toggle));
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(loadCountries).toHaveBeenCalled();
    await settled(() => {
      expect(getByRole(mounted.container, 'combobox', { name: 'Country / Region' })).toBeTruthy();
    });
  });

  it('checks the fields as the checkout does, then sends the address and shows the new rates', async () => {
    const { server } = setup(filledCart([shipment(RATES)]));
    const original = server.afterWrite;
    server.afterWrite = (cart) => {
      const moved = cart.shipping_address.state === 'CA';
      const rates = moved ? [rate('flat_rate:1', 'Flat rate', '900', true)] : RATES;
      return original?.({ ...cart, shipping_rates: [shipment(rates, { destination: { ...cart.shipping_address } })] }) ?? cart;
    };
    await interact(() => userEvent.click(getByRole(mounted.container, 'button', { name: 'Change address' })));
    await settled(() => {
      expect(getByRole(mounted.container, 'combobox', { name: 'Country / Region' })).toBeTruthy();
    });
    const form = mounted.container.querySelector('form');
    if (form === null) {
      throw new Error('no form');
    }
    const f = within(form);
    choose(f.getByRole('combobox', { name: 'State' }), 'Select an option…');
    enter(f.getByRole('textbox', { name: 'Town / City' }), '');
    enter(f.getByRole('textbox', { name: 'ZIP Code' }), '');
    typeInto(f.getByRole('textbox', { name: 'ZIP Code' }), 'ABC');
    // The field being typed in shows nothing yet; the ones left already say what is wrong.
    expect(f.getByRole('textbox', { name: 'ZIP Code' }).getAttribute('aria-invalid')).toBeNull();
    expect(f.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Please select a state', 'Please enter a valid town / city']);
    await interact(() => userEvent.click(f.getByRole('button', { name: 'Update' })));
    expect(f.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'Please select a state',
      'Please enter a valid town / city',
      'Please enter a valid zip code',
    ]);
    expect(f.getByRole('textbox', { name: 'ZIP Code' }).getAttribute('aria-invalid')).toBe('true');
    expect(server.batches().flat().filter((r) => r.path.endsWith('/update-customer'))).toHaveLength(0);

    choose(f.getByRole('combobox', { name: 'State' }), 'California');
    typeInto(f.getByRole('textbox', { name: 'Town / City' }), 'Los Angeles');
    enter(f.getByRole('textbox', { name: 'ZIP Code' }), '');
    typeInto(f.getByRole('textbox', { name: 'ZIP Code' }), '90001');
    expect(f.queryAllByRole('alert')).toHaveLength(0);
    await interact(() => userEvent.click(f.getByRole('button', { name: 'Update' })));
    await settled(() => {
      expect(mounted.container.querySelector('form')).toBeNull();
    });
    const sent = server.batches().flat().filter((r) => r.path.endsWith('/update-customer'));
    expect(sent.map((r) => r.body)).toEqual([{ shipping_address: { country: 'US', state: 'CA', city: 'Los Angeles', postcode: '90001' } }]);
    await settled(() => {
      expect(total()).toBe('2700');
    });
    expect(within(group()).getAllByRole('radio')).toHaveLength(1);
    expect(document.activeElement).toBe(getByRole(mounted.container, 'button', { name: 'Change address' }));
  });

  it('says when the countries could not be loaded, and tries again on request', async () => {
    let serverUp = false;
    setup(filledCart([shipment(RATES)]), () =>
      serverUp ? Promise.resolve(COUNTRIES) : Promise.reject(new Error('The countries could not be loaded (503).')),
    );
    await interact(() => userEvent.click(getByRole(mounted.container, 'button', { name: 'Change address' })));
    await settled(() => {
      expect(getByRole(mounted.container, 'alert').textContent).toContain('The countries could not be loaded (503).');
    });
    serverUp = true;
    await interact(() => userEvent.click(getByRole(mounted.container, 'button', { name: 'Try again' })));
    await settled(() => {
      expect(getByRole(mounted.container, 'combobox', { name: 'Country / Region' })).toBeTruthy();
    });
    expect(queryByRole(mounted.container, 'alert')).toBeNull();
  });

  it('drops the state list for a country without states and lets an empty postcode through where it is optional', async () => {
    const { server } = setup(filledCart([shipment(RATES)]));
    await interact(() => userEvent.click(getByRole(mounted.container, 'button', { name: 'Change address' })));
    await settled(() => {
      expect(getByRole(mounted.container, 'combobox', { name: 'Country / Region' })).toBeTruthy();
    });
    choose(getByRole(mounted.container, 'combobox', { name: 'Country / Region' }), 'Curaçao');
    expect(queryByRole(mounted.container, 'combobox', { name: 'State' })).toBeNull();
    typeInto(getByRole(mounted.container, 'textbox', { name: 'Town / City' }), 'Willemstad');
    enter(getByRole(mounted.container, 'textbox', { name: 'Postcode / ZIP (optional)' }), '');
    await interact(() => userEvent.click(getByRole(mounted.container, 'button', { name: 'Update' })));
    await settled(() => {
      expect(server.batches().flat().filter((r) => r.path.endsWith('/update-customer'))).toHaveLength(1);
    });
    expect(server.batches().flat().find((r) => r.path.endsWith('/update-customer'))?.body).toEqual({
      shipping_address: { country: 'CW', state: '', city: 'Willemstad', postcode: '' },
    });
  });
});

describe('PackageRates prices', () => {
  const taxed = rate('flat_rate:1', 'Flat rate', '500', true, { taxes: '100' });
  const priceOf = (includingTax: boolean) => {
    mounted = mountReact(
      <PackageRates pkg={shipment([taxed, rate('free_shipping:2', 'Free shipping', '0', false)])} showItems={false} includingTax={includingTax} busy={false} onSelect={() => undefined} />,
    );
    // What a screen reader says with the radio: its accessible description.
    const option = (name: string) => document.getElementById(radio(name).getAttribute('aria-describedby') ?? '')?.textContent ?? '';
    return { flat: option('Flat rate'), free: option('Free shipping') };
  };

  beforeEach(() => {
    nonce = createNonceStore(null);
  });

  it('shows a taxed rate with its tax when cart prices are shown including tax (SPEC §9.3, as the classic cart)', () => {
    const { flat, free } = priceOf(true);
    expect(flat).toContain('$6.00');
    expect(flat).not.toContain('$5.00');
    expect(flat).not.toContain('tax');
    expect(free).toContain('Free');
  });

  it('shows a taxed rate without its tax when cart prices are shown excluding tax', () => {
    const { flat } = priceOf(false);
    expect(flat).toContain('$5.00');
    expect(flat).not.toContain('$6.00');
    expect(flat).not.toContain('tax');
  });
});

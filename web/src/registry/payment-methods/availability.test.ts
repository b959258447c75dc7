import { describe, expect, it, vi } from 'vitest';
import { createNoticeStore } from '../../core/notices';
import { makeCart, makeItem, makePackage } from '../../core/testing/fakeStoreApi';
import { checkPaymentMethods, inSortOrder } from './availability';
import type { CanPayArgument } from './can-pay-argument';
import { createPaymentMethodRegistry, type CanMakePayment } from './register';

const element = { $$typeof: Symbol.for('react.transitional.element') };
const cart = makeCart([makeItem('a', 1)], {
  payment_methods: ['bacs', 'cheque', 'cod', 'mercato_test_card'],
  payment_requirements: ['products'],
  shipping_rates: [makePackage(['flat_rate:1', 'free_shipping:2'])],
});

function method(name: string, canMakePayment: CanMakePayment = () => true, extra: Record<string, unknown> = {}) {
  return { name, label: name, ariaLabel: name, content: element, edit: element, canMakePayment, ...extra };
}

function setup() {
  const log = vi.fn();
  const registry = createPaymentMethodRegistry({ log, warn: vi.fn() });
  const notices = createNoticeStore();
  const check = (overrides: Partial<Parameters<typeof checkPaymentMethods>[0]> = {}) =>
    checkPaymentMethods({ registry, cart, sortOrder: [], canSeeErrors: false, notices, log, ...overrides });
  return { registry, notices, log, check };
}

describe('payment method availability (SPEC §5.3, §6)', () => {
  it('lists methods in paymentMethodSortOrder order, then the rest as registered', async () => {
    const { registry, check } = setup();
    for (const name of ['cod', 'bacs', 'mercato_test_card', 'cheque']) {
      registry.registerPaymentMethod(method(name));
    }
    await expect(check({ sortOrder: ['cheque', 'bacs'] })).resolves.toEqual({
      paymentMethods: ['cheque', 'bacs', 'cod', 'mercato_test_card'],
      expressPaymentMethods: [],
    });
  });

  it('needs every payment requirement among the method\'s features', async () => {
    const { registry, check } = setup();
    const canPay = vi.fn(() => true);
    registry.registerPaymentMethod(method('cod', canPay));
    registry.registerPaymentMethod(method('mercato_test_card', () => true, { supports: { features: ['products', 'subscriptions'] } }));
    const subscription = { ...cart, payment_requirements: ['products', 'subscriptions'] };
    await expect(check({ cart: subscription })).resolves.toMatchObject({ paymentMethods: ['mercato_test_card'] });
    expect(canPay).not.toHaveBeenCalled();
  });

  it('lists a regular method only when the cart\'s payment_methods has it; express methods skip that', async () => {
    const { registry, check } = setup();
    registry.registerPaymentMethod(method('paypal'));
    registry.registerExpressPaymentMethod({ name: 'express_pay', content: element, edit: element, canMakePayment: () => true });
    await expect(check()).resolves.toEqual({ paymentMethods: [], expressPaymentMethods: ['express_pay'] });
  });

  it('calls every canMakePayment with one frozen argument of the documented shape', async () => {
    const { registry, check } = setup();
    const seen: CanPayArgument[] = [];
    const record: CanMakePayment = (argument) => {
      seen.push(argument);
      return true;
    };
    registry.registerPaymentMethod(method('cod', record));
    registry.registerPaymentMethod(method('bacs', record));
    await check();
    expect(seen).toHaveLength(2);
    const [argument] = seen;
    expect(seen[1]).toBe(argument);
    expect(argument).toMatchObject({
      cartTotals: cart.totals,
      cartNeedsShipping: true,
      billingAddress: cart.billing_address,
      shippingAddress: cart.shipping_address,
      selectedShippingMethods: { '0': 'flat_rate:1' },
      paymentMethods: cart.payment_methods,
      paymentRequirements: ['products'],
      cart: {
        cartItems: cart.items,
        cartItemsCount: cart.items_count,
        cartNeedsPayment: true,
        paymentRequirements: ['products'],
        shippingRates: cart.shipping_rates,
      },
    });
    expect(argument?.billingData).toBe(argument?.billingAddress);
    expect(Object.isFrozen(argument)).toBe(true);
    expect(Object.isFrozen(argument?.cart.cartItems[0])).toBe(true);
    expect(() => {
      (argument?.billingAddress as { city: string }).city = 'Elsewhere';
    }).toThrow(TypeError);
    expect(Object.isFrozen(cart.items[0])).toBe(false);
  });

  it('waits for an async canMakePayment and drops a method that answers false', async () => {
    const { registry, check } = setup();
    registry.registerPaymentMethod(method('cod', () => Promise.resolve(false)));
    registry.registerPaymentMethod(method('bacs', async () => {
      await Promise.resolve();
      return true;
    }));
    await expect(check()).resolves.toMatchObject({ paymentMethods: ['bacs'] });
  });

  it('shows a can-pay error to administrators and editors only, in the method\'s area, and logs it for others', async () => {
    const admin = setup();
    admin.registry.registerPaymentMethod(method('cod', () => {
      throw new Error('no key configured');
    }, { paymentMethodId: 'cod_id' }));
    admin.registry.registerPaymentMethod(method('bacs'));
    admin.registry.registerExpressPaymentMethod({
      name: 'express_pay',
      content: element,
      edit: element,
      canMakePayment: () => ({ error: { message: 'Merchant not verified' } }),
    });
    await expect(admin.check({ canSeeErrors: true })).resolves.toEqual({ paymentMethods: ['bacs'], expressPaymentMethods: [] });
    expect(admin.notices.noticesOf('wc/checkout/payments')).toEqual([
      expect.objectContaining({
        id: 'wc-cod_id-registration-error',
        status: 'error',
        content: "There was an error registering the payment method with id 'cod_id': Error: no key configured",
      }),
    ]);
    expect(admin.notices.noticesOf('wc/checkout/express-payments')).toEqual([
      expect.objectContaining({
        content: "There was an error registering the payment method with id 'express_pay': Error: Merchant not verified",
      }),
    ]);

    const shopper = setup();
    shopper.registry.registerPaymentMethod(method('cod', () => {
      throw new Error('no key configured');
    }));
    await expect(shopper.check()).resolves.toMatchObject({ paymentMethods: [] });
    expect(shopper.notices.store.getState().notices).toEqual([]);
    expect(shopper.log).toHaveBeenCalledWith(
      "There was an error registering the payment method with id 'cod': Error: no key configured",
    );
  });

  it('needs every extension callback to answer true; a throwing one is logged and counts as true', async () => {
    const { registry, log, check } = setup();
    for (const name of ['cod', 'bacs', 'cheque']) {
      registry.registerPaymentMethod(method(name));
    }
    const thrown = new Error('extension bug');
    const seen: unknown[] = [];
    registry.registerPaymentMethodExtensionCallbacks('acme/no-cod', {
      cod: (argument: unknown) => {
        seen.push(argument);
        return false;
      },
      bacs: () => {
        throw thrown;
      },
    });
    registry.registerPaymentMethodExtensionCallbacks('acme/async', { cheque: () => Promise.resolve(true) });
    await expect(check()).resolves.toMatchObject({ paymentMethods: ['bacs', 'cheque'] });
    expect(log).toHaveBeenCalledWith(thrown);
    expect(Object.isFrozen(seen[0])).toBe(true);
  });

  it('checks each method alone: one that never settles quickly does not change another\'s answer', async () => {
    const { registry, check } = setup();
    registry.registerPaymentMethod(method('cod', () => new Promise((resolve) => setTimeout(() => { resolve(true); }, 5))));
    registry.registerPaymentMethod(method('bacs', () => {
      throw new Error('broken');
    }));
    registry.registerPaymentMethod(method('cheque'));
    await expect(check()).resolves.toMatchObject({ paymentMethods: ['cod', 'cheque'] });
  });
});

describe('inSortOrder', () => {
  it('ignores names in the order that are not registered', () => {
    expect(inSortOrder([{ name: 'a' }, { name: 'b' }], ['zz', 'b']).map(({ name }) => name)).toEqual(['b', 'a']);
  });
});

import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { isElement } from './assertions';
import { createPaymentMethodRegistry } from './register';

const element = createElement('div', null, 'Pay by cheque');

function cheque(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'cheque',
    label: 'Check payments',
    ariaLabel: 'Check payments',
    content: element,
    edit: element,
    canMakePayment: () => true,
    ...overrides,
  };
}

function registry() {
  const log = vi.fn();
  const warn = vi.fn();
  return { registry: createPaymentMethodRegistry({ log, warn }), log, warn };
}

describe('registerPaymentMethod (SPEC §3.10, §5.3, §8.5)', () => {
  it('applies WooCommerce\'s defaults', () => {
    const { registry: methods } = registry();
    methods.registerPaymentMethod(cheque());
    expect(methods.paymentMethods()).toEqual([
      expect.objectContaining({
        name: 'cheque',
        paymentMethodId: 'cheque',
        icons: null,
        savedTokenComponent: null,
        placeOrderButtonLabel: undefined,
        supports: { showSavedCards: false, showSaveOption: false, features: ['products'] },
      }),
    ]);
  });

  it('keeps what the method gives', () => {
    const { registry: methods } = registry();
    methods.registerPaymentMethod(
      cheque({
        name: 'mercato_test_card',
        paymentMethodId: 'test_card',
        placeOrderButtonLabel: 'Pay now',
        icons: [{ id: 'visa', src: '/visa.svg', alt: 'Visa' }],
        label: null,
        savedTokenComponent: element,
        supports: { showSavedCards: true, showSaveOption: true, features: ['products', 'subscriptions'] },
      }),
    );
    expect(methods.paymentMethods()[0]).toMatchObject({
      paymentMethodId: 'test_card',
      placeOrderButtonLabel: 'Pay now',
      icons: [{ id: 'visa' }],
      label: null,
      savedTokenComponent: element,
      supports: { showSavedCards: true, showSaveOption: true, features: ['products', 'subscriptions'] },
    });
  });

  it('turns on saved cards for the deprecated savePaymentInfo, with a warning', () => {
    const { registry: methods, warn } = registry();
    methods.registerPaymentMethod(cheque({ supports: { savePaymentInfo: true } }));
    expect(methods.paymentMethods()[0]?.supports.showSavedCards).toBe(true);
    expect(warn).toHaveBeenCalledOnce();
  });

  it('lists every missing property', () => {
    const { registry: methods } = registry();
    expect(() => { methods.registerPaymentMethod({ name: 'x', label: 'X' }); }).toThrow(
      new TypeError(
        'The payment method configuration object is missing the following properties:ariaLabel, content, edit, canMakePayment',
      ),
    );
  });

  it.each([
    ['name is not a string', { name: 4 }, 'The name property for the payment method must be a string'],
    ['icons is not an array or null', { icons: 'visa' }, 'The icons property for the payment method must be an array or null.'],
    [
      'paymentMethodId is not a string',
      { paymentMethodId: 3 },
      'The paymentMethodId property for the payment method must be a string or undefined (in which case it will be the value of the name property).',
    ],
    [
      'placeOrderButtonLabel is not a string',
      { placeOrderButtonLabel: null },
      'The placeOrderButtonLabel property for the payment method must be a string',
    ],
    [
      'label is not an element, a string or null',
      { label: { text: 'Cheque' } },
      'The label property for the payment method must be a React element, a string, or null.',
    ],
    ['content is not an element', { content: 'text' }, 'The content property for the payment method must be a React element or null.'],
    ['edit is not an element', { edit: () => element }, 'The edit property for the payment method must be a React element or null.'],
    [
      'savedTokenComponent is not an element',
      { savedTokenComponent: 'saved' },
      'The savedTokenComponent property for the payment method must be a React element or null.',
    ],
    ['ariaLabel is not a string', { ariaLabel: element }, 'The ariaLabel property for the payment method must be a string'],
    ['canMakePayment is not a function', { canMakePayment: true }, 'The canMakePayment property for the payment method must be a function.'],
    [
      'showSavedCards is not a boolean',
      { supports: { showSavedCards: 'yes' } },
      'If the payment method includes the `supports.showSavedCards` property, it must be a boolean',
    ],
    [
      'showSaveOption is not a boolean',
      { supports: { showSaveOption: 1 } },
      'If the payment method includes the `supports.showSaveOption` property, it must be a boolean',
    ],
    [
      'features is not an array',
      { supports: { features: 'products' } },
      'The features property for the payment method must be an array or undefined.',
    ],
  ])('refuses a method whose %s', (_, overrides, message) => {
    const { registry: methods } = registry();
    expect(() => { methods.registerPaymentMethod(cheque(overrides)); }).toThrow(message);
    expect(methods.paymentMethods()).toEqual([]);
  });

  it('accepts null content and edit, and replaces a method registered again under its name', () => {
    const { registry: methods } = registry();
    methods.registerPaymentMethod(cheque({ content: null, edit: null }));
    methods.registerPaymentMethod(cheque({ ariaLabel: 'Cheque' }));
    expect(methods.paymentMethods().map((method) => method.ariaLabel)).toEqual(['Cheque']);
  });

  it('recognises React elements without importing React', () => {
    expect(isElement(element)).toBe(true);
    expect(isElement({ type: 'div', props: {} })).toBe(false);
    expect(isElement(null)).toBe(false);
  });

  it('tells subscribers about each registration', () => {
    const { registry: methods } = registry();
    const listener = vi.fn();
    methods.subscribe(listener);
    methods.registerPaymentMethod(cheque());
    expect(() => { methods.registerPaymentMethod(cheque({ name: 1 })); }).toThrow();
    expect(listener).toHaveBeenCalledOnce();
  });
});

describe('registerExpressPaymentMethod (SPEC §3.11, §5.3)', () => {
  const express = (overrides: Record<string, unknown> = {}) => ({
    name: 'mercato_express',
    content: element,
    edit: element,
    canMakePayment: () => true,
    ...overrides,
  });

  it('applies the defaults', () => {
    const { registry: methods } = registry();
    methods.registerExpressPaymentMethod(express());
    expect(methods.expressPaymentMethods()).toEqual([
      expect.objectContaining({ name: 'mercato_express', title: 'mercato express', paymentMethodId: 'mercato_express', supports: { features: ['products'] } }),
    ]);
  });

  it.each([
    [
      'a missing property',
      { canMakePayment: undefined, content: undefined },
      'The payment method configuration object is missing the following properties:',
    ],
    ['a name that is not a string', { name: null }, 'The name property for the express payment method must be a string'],
    ['a paymentMethodId that is not a string', { paymentMethodId: 1 }, 'The paymentMethodId property for the payment method must be a string or undefined'],
    ['features that are not an array', { supports: { features: {} } }, 'The features property for the payment method must be an array or undefined.'],
    ['content that is not an element', { content: 'Pay' }, 'The content property for the payment method must be a React element or null.'],
    ['edit that is not an element', { edit: 'Pay' }, 'The edit property for the payment method must be a React element or null.'],
    ['canMakePayment that is not a function', { canMakePayment: 'yes' }, 'The canMakePayment property for the express payment method must be a function.'],
  ])('refuses %s', (_, overrides, message) => {
    const { registry: methods } = registry();
    const given: Record<string, unknown> = express(overrides);
    const config = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
    expect(() => { methods.registerExpressPaymentMethod(config); }).toThrow(message);
  });
});

describe('registerPaymentMethodExtensionCallbacks (SPEC §5.3, §8.5)', () => {
  it('keeps each namespace once and logs a repeated one', () => {
    const { registry: methods, log } = registry();
    const first = vi.fn();
    methods.registerPaymentMethodExtensionCallbacks('acme', { cod: first });
    methods.registerPaymentMethodExtensionCallbacks('acme', { cod: vi.fn() });
    expect(methods.extensionCallbacksFor('cod')).toEqual([first]);
    expect(log).toHaveBeenCalledWith(
      'The namespace provided to registerPaymentMethodExtensionCallbacks must be unique. Callbacks have already been registered for the acme namespace.',
    );
  });

  it('logs and skips a callback that is not a function', () => {
    const { registry: methods, log } = registry();
    const bacs = vi.fn();
    methods.registerPaymentMethodExtensionCallbacks('acme', { cod: 'no', bacs });
    expect(methods.extensionCallbacksFor('cod')).toEqual([]);
    expect(methods.extensionCallbacksFor('bacs')).toEqual([bacs]);
    expect(log).toHaveBeenCalledWith(
      'All callbacks provided to registerPaymentMethodExtensionCallbacks must be functions. The callback for the cod payment method in the acme namespace was not a function.',
    );
  });
});

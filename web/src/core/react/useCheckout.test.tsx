import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCheckoutStore } from '../checkout/store';
import { createCheckoutEvents } from '../events/emitter';
import { createPaymentStore } from '../payment/store';
import { createValidationStore } from '../validation/store';
import { CheckoutStoresProvider, useCheckout, usePayment, useValidationError, type CheckoutStores } from './useCheckout';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Summary() {
  const status = useCheckout((state) => state.status);
  const method = usePayment((state) => state.activePaymentMethod);
  const error = useValidationError('billing_email');
  return (
    <div>
      <p>Status: {status}</p>
      <p>Method: {method}</p>
      {error && !error.hidden && <p role="alert">{error.message}</p>}
    </div>
  );
}

let container: HTMLElement;
let root: Root;

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => {
    root.unmount();
  });
  container.remove();
});

describe('checkout hooks', () => {
  it('show the stores\' state and follow their changes', () => {
    const stores: CheckoutStores = {
      checkout: createCheckoutStore(),
      payment: createPaymentStore(),
      validation: createValidationStore(),
      events: createCheckoutEvents(),
    };
    act(() => {
      root.render(
        <CheckoutStoresProvider stores={stores}>
          <Summary />
        </CheckoutStoresProvider>,
      );
    });
    expect(container.textContent).toContain('Status: idle');
    act(() => {
      stores.checkout.setBeforeProcessing();
      stores.payment.setAvailablePaymentMethods(['bacs', 'cod']);
      stores.validation.checkField('billing_email', { valid: false, message: 'Please enter a valid email address' }, 'typing');
    });
    expect(container.textContent).toContain('Status: before_processing');
    expect(container.textContent).toContain('Method: bacs');
    expect(container.querySelector('[role="alert"]')).toBeNull();
    act(() => {
      stores.validation.showAllValidationErrors();
    });
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('Please enter a valid email address');
  });

  it('need a provider', () => {
    const errors: unknown[] = [];
    const onError = (event: ErrorEvent) => {
      event.preventDefault();
      errors.push(event.error);
    };
    window.addEventListener('error', onError);
    expect(() => {
      act(() => {
        root.render(<Summary />);
      });
    }).toThrow('no CheckoutStoresProvider');
    window.removeEventListener('error', onError);
  });
});

// The test card gateway registers through `registerPaymentMethod` like any card gateway would:
// its content is the card form (number, expiry, code, and "save the card" for a customer),
// and its payment_setup observer hands the fields to the checkout as payment data under the
// names the server reads (`test_card-card-number`...). Saved cards are listed by the payment
// step (./PaymentMethods.tsx); the express button is not offered by the block checkout yet.

import { useEffect, useId, useRef, useState } from 'react';
import { useCheckout, useCheckoutStores, usePayment } from '../../../core/react/useCheckout';
import { asRecord } from '../../../lib/guards';
import type { PaymentMethodRegistry } from '../../../registry/payment-methods/register';

/** The gateway's id. */
export const TEST_CARD = 'test_card';

type Observer = (data: unknown) => unknown;

interface CardFieldsProps {
  readonly description: string;
  /** A logged-in customer may keep the card (a guest may when opening an account). */
  readonly offerSave: boolean;
  /** Given by the checkout when it renders the method. */
  readonly eventRegistration?: { onPaymentSetup: (observer: Observer, priority?: number) => () => void };
}

function CardFields({ description, offerSave, eventRegistration }: CardFieldsProps) {
  const id = useId();
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '' });
  const current = useRef(card);
  const { payment } = useCheckoutStores();
  const save = usePayment((s) => s.shouldSavePaymentMethod);
  const openingAccount = useCheckout((s) => s.shouldCreateAccount);

  useEffect(() => {
    current.current = card;
  }, [card]);

  useEffect(() => {
    if (eventRegistration === undefined) {
      return undefined;
    }
    return eventRegistration.onPaymentSetup(() => {
      const { number, expiry, cvc } = current.current;
      return {
        type: 'success',
        meta: {
          paymentMethodData: {
            [`${TEST_CARD}-card-number`]: number,
            [`${TEST_CARD}-card-expiry`]: expiry,
            [`${TEST_CARD}-card-cvc`]: cvc,
          },
        },
      };
    });
  }, [eventRegistration]);

  const field = (key: 'number' | 'expiry' | 'cvc', label: string, autoComplete: string, placeholder: string) => (
    <div className="checkout-field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        inputMode="numeric"
        autoComplete={autoComplete}
        placeholder={placeholder}
        value={card[key]}
        onChange={(event) => {
          const value = event.currentTarget.value;
          setCard((before) => ({ ...before, [key]: value }));
        }}
      />
    </div>
  );

  return (
    <div className="checkout-card">
      {description !== '' && <p className="checkout-payment__description">{description}</p>}
      {field('number', 'Card number', 'cc-number', '•••• •••• •••• ••••')}
      <div className="checkout-card__row">
        {field('expiry', 'Expiry (MM/YY)', 'cc-exp', 'MM / YY')}
        {field('cvc', 'Card code', 'cc-csc', 'CVC')}
      </div>
      {(offerSave || openingAccount) && (
        <label className="checkout-checkbox">
          <input
            type="checkbox"
            checked={save}
            onChange={(event) => {
              payment.setShouldSavePaymentMethod(event.currentTarget.checked);
            }}
          />{' '}
          Save the card to my account for future purchases
        </label>
      )}
    </div>
  );
}

/** Registers the test card when the settings describe it (it is enabled). */
export function registerTestCard(registry: PaymentMethodRegistry, paymentMethodData: unknown, customerId: number): void {
  const data = asRecord(asRecord(paymentMethodData)[TEST_CARD]);
  if (typeof data.title !== 'string' || data.title === '') {
    return;
  }
  const description = typeof data.description === 'string' ? data.description : '';
  const offerSave = customerId > 0 && data.showSaveOption === true;
  const showSavedCards = customerId > 0 && data.showSavedCards === true;
  registry.registerPaymentMethod({
    name: TEST_CARD,
    label: data.title,
    ariaLabel: data.title,
    content: <CardFields description={description} offerSave={offerSave} />,
    edit: <CardFields description={description} offerSave={false} />,
    canMakePayment: () => true,
    supports: { showSavedCards, showSaveOption: data.showSaveOption === true, features: ['products'] },
  });
}

// Gateways that ask for fields (a card's number, expiry and code) register through
// `registerPaymentMethod` like any card gateway would, drawn from what the gateway describes on
// the server (`paymentMethodData[id].fields`: name, label, autocomplete, placeholder,
// inputMode, maxLength), as the classic form draws them. Their payment_setup observer hands the
// values over as payment data under those names; "save the card" shows where the gateway keeps
// cards (`showSaveOption`) for a customer, or a guest opening an account. Saved cards are
// listed by the payment step (./PaymentMethods.tsx); the express button is ../express.tsx.

import { useEffect, useId, useRef, useState } from 'react';
import { useCheckout, useCheckoutStores, usePayment } from '../../../core/react/useCheckout';
import { asRecord, isRecord } from '../../../lib/guards';
import type { PaymentMethodRegistry } from '../../../registry/payment-methods/register';

/** One input of a gateway's form, as the server describes it. */
export interface GatewayField {
  readonly name: string;
  readonly label: string;
  readonly autocomplete: string;
  readonly placeholder: string;
  readonly inputMode: string;
  readonly maxLength: number | null;
}

type InputMode = 'none' | 'text' | 'tel' | 'url' | 'email' | 'numeric' | 'decimal' | 'search';
const INPUT_MODES: readonly string[] = ['none', 'text', 'tel', 'url', 'email', 'numeric', 'decimal', 'search'];

/** The gateway's described fields; none when the data describes none (or not as expected). */
export function gatewayFields(data: unknown): GatewayField[] {
  const fields = asRecord(data).fields;
  if (!Array.isArray(fields)) {
    return [];
  }
  return fields.flatMap((field: unknown) => {
    if (!isRecord(field) || typeof field.name !== 'string' || field.name === '' || typeof field.label !== 'string') {
      return [];
    }
    const text = (value: unknown): string => (typeof value === 'string' ? value : '');
    return [
      {
        name: field.name,
        label: field.label,
        autocomplete: text(field.autocomplete),
        placeholder: text(field.placeholder),
        inputMode: text(field.inputMode),
        maxLength: typeof field.maxLength === 'number' ? field.maxLength : null,
      },
    ];
  });
}

type Observer = (data: unknown) => unknown;

interface FieldsFormProps {
  readonly fields: readonly GatewayField[];
  readonly description: string;
  /** A logged-in customer may keep the card (a guest may when opening an account). */
  readonly offerSave: boolean;
  /** Given by the checkout when it renders the method. */
  readonly eventRegistration?: { onPaymentSetup: (observer: Observer, priority?: number) => () => void };
}

function FieldsForm({ fields, description, offerSave, eventRegistration }: FieldsFormProps) {
  const id = useId();
  const [values, setValues] = useState<Readonly<Record<string, string>>>({});
  const current = useRef(values);
  const { payment } = useCheckoutStores();
  const save = usePayment((s) => s.shouldSavePaymentMethod);
  const openingAccount = useCheckout((s) => s.shouldCreateAccount);

  useEffect(() => {
    current.current = values;
  }, [values]);

  useEffect(() => {
    if (eventRegistration === undefined) {
      return undefined;
    }
    return eventRegistration.onPaymentSetup(() => ({
      type: 'success',
      meta: { paymentMethodData: Object.fromEntries(fields.map((field) => [field.name, current.current[field.name] ?? ''])) },
    }));
  }, [eventRegistration, fields]);

  return (
    <div className="checkout-card">
      {description !== '' && <p className="checkout-payment__description">{description}</p>}
      <div className="checkout-card__fields">
        {fields.map((field) => (
          <div className="checkout-field" key={field.name}>
            <label htmlFor={`${id}-${field.name}`}>{field.label}</label>
            <input
              id={`${id}-${field.name}`}
              {...(INPUT_MODES.includes(field.inputMode) && { inputMode: field.inputMode as InputMode })}
              autoComplete={field.autocomplete}
              placeholder={field.placeholder}
              {...(field.maxLength !== null && { maxLength: field.maxLength })}
              value={values[field.name] ?? ''}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setValues((before) => ({ ...before, [field.name]: value }));
              }}
            />
          </div>
        ))}
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

/** Registers every gateway the settings describe with fields (an enabled one). */
export function registerFieldGateways(registry: PaymentMethodRegistry, paymentMethodData: unknown, customerId: number): void {
  for (const [name, value] of Object.entries(asRecord(paymentMethodData))) {
    const data = asRecord(value);
    const fields = gatewayFields(data);
    if (fields.length === 0 || typeof data.title !== 'string' || data.title === '') {
      continue;
    }
    const description = typeof data.description === 'string' ? data.description : '';
    const offerSave = customerId > 0 && data.showSaveOption === true;
    const showSavedCards = customerId > 0 && data.showSavedCards === true;
    registry.registerPaymentMethod({
      name,
      label: data.title,
      ariaLabel: data.title,
      content: <FieldsForm fields={fields} description={description} offerSave={offerSave} />,
      edit: <FieldsForm fields={fields} description={description} offerSave={false} />,
      canMakePayment: () => true,
      supports: { showSavedCards, showSaveOption: data.showSaveOption === true, features: ['products'] },
    });
  }
}

/** The gateway whose express button pays with a saved card (`paymentMethodData[id].express`), if any. */
export function expressGateway(paymentMethodData: unknown): string | null {
  const entry = Object.entries(asRecord(paymentMethodData)).find(([, data]) => asRecord(data).express === true);
  return entry?.[0] ?? null;
}

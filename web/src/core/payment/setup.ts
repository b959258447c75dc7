// What the payment_setup observers' responses mean for the checkout (SPEC §4.7): a pure
// function from the responses to what the checkout then does, so each case is tested alone
// and the process that runs the observers applies the outcome to the stores and notices.

import {
  isErrorResponse,
  isFailureResponse,
  isObject,
  isSuccessResponse,
  type ObserverResponse,
  type ObserverValidationError,
} from '../events/responses';
import type { PaymentMethodData, PaymentStatus } from './status';

/** The notice id removed before the observers run, and used for their message. */
export const PAYMENT_ERROR_NOTICE_ID = 'wc-payment-error';

/** Where a failure's message goes unless the response names a context. */
export const PAYMENTS_NOTICE_CONTEXT = 'wc/checkout/payments';

/** The ten fields of an address (SPEC §5.6); a billing address also has `email`. */
export const ADDRESS_FIELDS = [
  'first_name',
  'last_name',
  'company',
  'address_1',
  'address_2',
  'city',
  'state',
  'postcode',
  'country',
  'phone',
] as const;

/** An address as the checkout sends it: each field a string. */
export type AddressFields = Readonly<Record<(typeof ADDRESS_FIELDS)[number], string>>;

/** A full address: all ten fields present as strings. */
export function isFullAddress(value: unknown): value is AddressFields {
  return isObject(value) && ADDRESS_FIELDS.every((field) => typeof value[field] === 'string');
}

/** A full billing address: the ten fields and the email. */
export function isFullBillingAddress(value: unknown): value is AddressFields & { readonly email: string } {
  return isFullAddress(value) && typeof (value as Readonly<Record<string, unknown>>).email === 'string';
}

/** What the checkout does after payment_setup. */
export interface PaymentSetupOutcome {
  status: Extract<PaymentStatus, 'ready' | 'has_error'>;
  /** Set as the payment data when present. */
  paymentMethodData?: PaymentMethodData;
  /** Applied to the cart's customer when present (only full addresses are). */
  billingAddress?: AddressFields & { readonly email: string };
  shippingAddress?: AddressFields;
  /** A notice to raise (id wc-payment-error). */
  notice?: { message: string; context: string; isDismissible: boolean };
  /** Field errors to set (only when every entry is {message string, hidden boolean}). */
  validationErrors?: Readonly<Record<string, ObserverValidationError>>;
}

function isValidationErrors(value: unknown): value is Readonly<Record<string, ObserverValidationError>> {
  return (
    isObject(value) &&
    Object.values(value).every(
      (entry) => isObject(entry) && typeof entry.message === 'string' && typeof entry.hidden === 'boolean',
    )
  );
}

function messageOf(response: ObserverResponse): string {
  return typeof response.message === 'string' ? response.message : '';
}

/**
 * SPEC §4.7: success with no error → the full addresses of its meta, its payment data, ready;
 * failure → its message (not dismissible) in the payments area or its messageContext, its
 * billing address and payment data, has_error; error → its message and has_error, with its
 * validation errors when well formed; no response → ready.
 */
export function paymentSetupOutcome(responses: readonly ObserverResponse[]): PaymentSetupOutcome {
  const failure = responses.find(isFailureResponse);
  const error = responses.find(isErrorResponse);
  const success = responses.find(isSuccessResponse);
  const context = (response: ObserverResponse): string =>
    typeof response.messageContext === 'string' ? response.messageContext : PAYMENTS_NOTICE_CONTEXT;

  if (failure !== undefined) {
    const meta = failure.meta ?? {};
    return {
      status: 'has_error',
      notice: { message: messageOf(failure), context: context(failure), isDismissible: false },
      ...(isFullBillingAddress(meta.billingAddress) && { billingAddress: meta.billingAddress }),
      ...(isObject(meta.paymentMethodData) && { paymentMethodData: meta.paymentMethodData }),
    };
  }
  if (error !== undefined) {
    return {
      status: 'has_error',
      ...(messageOf(error) !== '' && {
        notice: { message: messageOf(error), context: context(error), isDismissible: true },
      }),
      ...(isValidationErrors(error.validationErrors) && { validationErrors: error.validationErrors }),
    };
  }
  if (success !== undefined) {
    const meta = success.meta ?? {};
    return {
      status: 'ready',
      ...(isFullBillingAddress(meta.billingAddress) && { billingAddress: meta.billingAddress }),
      ...(isFullAddress(meta.shippingAddress) && { shippingAddress: meta.shippingAddress }),
      ...(isObject(meta.paymentMethodData) && { paymentMethodData: meta.paymentMethodData }),
    };
  }
  return { status: 'ready' };
}

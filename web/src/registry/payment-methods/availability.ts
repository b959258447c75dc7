// Which payment methods the shopper may use for this cart (SPEC §5.3, §6, §4.7):
// - every entry of the cart's payment_requirements is among the method's features;
// - a regular method is one the server allows for the cart (`payment_methods`); express
//   methods skip this check;
// - its canMakePayment answers true (it may be async; `{error: {message}}` or a throw is an
//   error, shown to administrators and editors only and logged for others);
// - every extension callback for it answers true (a throw is logged and counts as true).
// Each method is checked alone: one gateway's failure never hides another.
// The list is in `paymentMethodSortOrder` order, then the others in registration order.

import type { StoreCart } from '../../core/cart/types';
import type { NoticeStore } from '../../core/notices';
import { canPayArgument, type CanPayArgument } from './can-pay-argument';
import type { ExpressPaymentMethod, PaymentMethod, PaymentMethodRegistry } from './register';

/** What [checkPaymentMethods] needs. */
export interface AvailabilityCheck {
  registry: PaymentMethodRegistry;
  cart: StoreCart;
  /** `paymentMethodSortOrder`: names listed first, in this order. */
  sortOrder: readonly string[];
  /** Administrators and editors see can-pay errors (SPEC §6); others get them in the log. */
  canSeeErrors: boolean;
  notices?: NoticeStore | null;
  log?: (...args: unknown[]) => void;
}

/** The available methods' names, regular and express, in listing order. */
export interface Availability {
  paymentMethods: string[];
  expressPaymentMethods: string[];
}

/** SPEC §8.5, for administrators and editors. */
export function canPayErrorMessage(paymentMethodId: string, error: unknown): string {
  return `There was an error registering the payment method with id '${paymentMethodId}': ${String(error)}`;
}

/** `names` ordered by `sortOrder` first, then as they came. */
export function inSortOrder<T extends { name: string }>(methods: readonly T[], sortOrder: readonly string[]): T[] {
  const rank = (method: T): number => {
    const index = sortOrder.indexOf(method.name);
    return index === -1 ? sortOrder.length : index;
  };
  return methods
    .map((method, position) => ({ method, position }))
    .sort((a, b) => rank(a.method) - rank(b.method) || a.position - b.position)
    .map(({ method }) => method);
}

/** Every requirement is a supported feature. */
export function meetsRequirements(features: readonly string[], requirements: readonly string[]): boolean {
  return requirements.every((requirement) => features.includes(requirement));
}

class CanPayError extends Error {}

async function canPay(
  method: PaymentMethod | ExpressPaymentMethod,
  argument: CanPayArgument,
  check: AvailabilityCheck,
  context: string,
): Promise<boolean> {
  const log =
    check.log ??
    ((...args: unknown[]) => {
      console.error(...args);
    });
  if (!meetsRequirements(method.supports.features, argument.paymentRequirements)) {
    return false;
  }
  try {
    // Third-party code: the answer is checked, not trusted to match its type.
    const answer: unknown = await method.canMakePayment(argument);
    if (typeof answer === 'object' && answer !== null && 'error' in answer) {
      const { error } = answer;
      const message = typeof error === 'object' && error !== null && 'message' in error ? String(error.message) : String(error);
      throw new CanPayError(message);
    }
    if (!answer) {
      return false;
    }
  } catch (error) {
    const message = canPayErrorMessage(method.paymentMethodId, error);
    if (check.canSeeErrors && check.notices) {
      check.notices.createNotice('error', message, { context, id: `wc-${method.paymentMethodId}-registration-error` });
    } else {
      log(message);
    }
    return false;
  }
  for (const callback of check.registry.extensionCallbacksFor(method.name)) {
    let answer: unknown = true;
    try {
      answer = await callback(argument);
    } catch (error) {
      log(error);
    }
    if (!answer) {
      return false;
    }
  }
  return true;
}

/** Checks every registered method against the cart, with one frozen argument for all. */
export async function checkPaymentMethods(check: AvailabilityCheck): Promise<Availability> {
  const argument = canPayArgument(check.cart);
  const allowed = (method: PaymentMethod): boolean =>
    argument.paymentMethods.includes(method.name) || argument.paymentMethods.includes(method.paymentMethodId);
  const regular = inSortOrder(check.registry.paymentMethods(), check.sortOrder);
  const express = check.registry.expressPaymentMethods();
  const [regularAnswers, expressAnswers] = await Promise.all([
    Promise.all(regular.map((method) =>
        allowed(method) ? canPay(method, argument, check, 'wc/checkout/payments') : Promise.resolve(false),
      )),
    Promise.all(express.map((method) => canPay(method, argument, check, 'wc/checkout/express-payments'))),
  ]);
  return {
    paymentMethods: regular.filter((_, i) => regularAnswers[i] === true).map((method) => method.name),
    expressPaymentMethods: express.filter((_, i) => expressAnswers[i] === true).map((method) => method.name),
  };
}

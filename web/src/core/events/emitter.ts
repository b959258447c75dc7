// The checkout's observers (SPEC §4.6, §4.7): payment methods and extensions register callbacks
// for four events, and the checkout runs them at its steps. One emitter, aliased by whatever
// registration path the facade offers (WooCommerce has three; we keep one, frontend.md §1.7).
//
// - Observers run one after another, lowest priority number first (default 10), and in the
//   order they were registered within a priority. Each may be async.
// - An error or failure response stops the run: later observers are not called.
// - An observer that throws counts as an error response; so does a returned object without
//   a `type` (it is a programming error, logged like a throw).
// - checkout_validation has its own blocking rule ([runValidation]).

import { isObject, stopsObservers, type ObserverResponse, type ResponseType } from './responses';

/** The events the checkout emits. */
export type CheckoutEvent = 'checkout_validation' | 'payment_setup' | 'checkout_success' | 'checkout_fail';

/** The events in the order the checkout reaches them. */
export const CHECKOUT_EVENTS: readonly CheckoutEvent[] = [
  'checkout_validation',
  'payment_setup',
  'checkout_success',
  'checkout_fail',
];

/** The priority an observer gets when it names none (WooCommerce's). */
export const DEFAULT_PRIORITY = 10;

/** An observer: called with the event's data, returns nothing, a boolean or a response. */
export type Observer = (data: unknown) => unknown;

/** The logged message for a returned object without a type. */
export const MISSING_TYPE_MESSAGE =
  'Returned objects from event emitter observers must return an object with a type property';

/** Where a blocking validation response's notice goes unless it names a context. */
export const VALIDATION_NOTICE_CONTEXT = 'wc/checkout';

/** One blocking validation response, as the checkout shows it (SPEC §4.6, validate step 2). */
export interface ValidationBlock {
  /** The notice to raise; '' when the observer gave none. */
  errorMessage: string;
  /** Field errors to set, by field id. */
  validationErrors: Readonly<Record<string, unknown>>;
  /** The notice context; `wc/checkout` by default. */
  context: string;
}

/** What [CheckoutEvents.runValidation] found. */
export type ValidationOutcome = { blocked: false } | { blocked: true; block: ValidationBlock };

/** The checkout's event emitter. */
export interface CheckoutEvents {
  /** Registers an observer; returns the function that removes it. */
  on(event: CheckoutEvent, observer: Observer, priority?: number): () => void;
  /**
   * Runs the event's observers with `data` and returns the response objects they gave, up to
   * and including the first error or failure. A throw or an untyped object is `{type: 'error'}`.
   */
  emit(event: CheckoutEvent, data?: unknown): Promise<ObserverResponse[]>;
  /** Runs the checkout_validation observers until one blocks the order. */
  runValidation(): Promise<ValidationOutcome>;
  /** How many observers the event has (the facade's `hasObservers`). */
  count(event: CheckoutEvent): number;
}

/** What [createCheckoutEvents] needs. */
export interface CheckoutEventsOptions {
  /** Where throws and untyped responses are reported; `console.error` by default. */
  log?: (...args: unknown[]) => void;
}

interface Registration {
  observer: Observer;
  priority: number;
  order: number;
}

/** Creates an emitter (one per page runtime; one per test). */
export function createCheckoutEvents(options: CheckoutEventsOptions = {}): CheckoutEvents {
  const log =
    options.log ??
    ((...args: unknown[]) => {
      console.error(...args);
    });
  const registrations = new Map<CheckoutEvent, Registration[]>();
  let registered = 0;

  const inOrder = (event: CheckoutEvent): Registration[] =>
    [...(registrations.get(event) ?? [])].sort((a, b) => a.priority - b.priority || a.order - b.order);

  /** Calls one observer; a throw is logged and reported as `thrown`. */
  const call = async (registration: Registration, data: unknown): Promise<{ thrown: true } | { value: unknown }> => {
    try {
      return { value: await registration.observer(data) };
    } catch (error) {
      log(error);
      return { thrown: true };
    }
  };

  const errorResponse = (): ObserverResponse => ({ type: 'error' satisfies ResponseType });

  return {
    on(event, observer, priority = DEFAULT_PRIORITY) {
      const registration: Registration = { observer, priority, order: registered++ };
      registrations.set(event, [...(registrations.get(event) ?? []), registration]);
      return () => {
        registrations.set(
          event,
          (registrations.get(event) ?? []).filter((entry) => entry !== registration),
        );
      };
    },

    async emit(event, data) {
      const responses: ObserverResponse[] = [];
      for (const registration of inOrder(event)) {
        const result = await call(registration, data);
        if ('thrown' in result) {
          responses.push(errorResponse());
          return responses;
        }
        const { value } = result;
        if (!isObject(value)) {
          continue;
        }
        if (!('type' in value)) {
          log(new Error(MISSING_TYPE_MESSAGE));
          responses.push(errorResponse());
          return responses;
        }
        responses.push(value as ObserverResponse);
        if (stopsObservers(value)) {
          return responses;
        }
      }
      return responses;
    },

    async runValidation() {
      for (const registration of inOrder('checkout_validation')) {
        const result = await call(registration, undefined);
        const block = 'thrown' in result ? untyped() : validationBlock(result.value, log);
        if (block !== null) {
          return { blocked: true, block };
        }
      }
      return { blocked: false };
    },

    count(event) {
      return registrations.get(event)?.length ?? 0;
    },
  };
}

function untyped(): ValidationBlock {
  return { errorMessage: '', validationErrors: {}, context: VALIDATION_NOTICE_CONTEXT };
}

/**
 * The validation observers' rule (issue 24): the order is blocked by `false`, by an object
 * carrying an `errorMessage` or `validationErrors` (even of type success: real gateways block
 * with `{type: 'success', errorMessage}`), or by a response of type error or failure. `true`,
 * nothing, or a success without those lets it through. An object without a type and without
 * those members is an error like any other observer's. Returns null when it passes.
 */
export function validationBlock(value: unknown, log: (...args: unknown[]) => void = () => undefined): ValidationBlock | null {
  if (value === false) {
    return untyped();
  }
  if (!isObject(value)) {
    return null;
  }
  const errorMessage =
    typeof value.errorMessage === 'string' ? value.errorMessage : typeof value.message === 'string' ? value.message : '';
  const validationErrors = isObject(value.validationErrors) ? value.validationErrors : {};
  const context =
    typeof value.context === 'string'
      ? value.context
      : typeof value.messageContext === 'string'
        ? value.messageContext
        : VALIDATION_NOTICE_CONTEXT;
  const carriesErrors = typeof value.errorMessage === 'string' || isObject(value.validationErrors);
  if (carriesErrors || stopsObservers(value)) {
    return { errorMessage, validationErrors, context };
  }
  if (!('type' in value)) {
    log(new Error(MISSING_TYPE_MESSAGE));
    return untyped();
  }
  return null;
}

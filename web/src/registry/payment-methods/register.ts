// The payment-method registry (SPEC §3.10, §3.11, §5.3): what gateways call, through the
// compatibility facade, as `registerPaymentMethod({...})`. One registry per page runtime
// (tests build one each); nothing happens on import. The built-in methods register here too.

import {
  assertValidExpressPaymentMethod,
  assertValidPaymentMethod,
  supportsOf,
  type ElementLike,
  type RawConfig,
} from './assertions';
import type { CanPayArgument } from './can-pay-argument';

/** What `canMakePayment` may answer: a boolean, `{error: {message}}`, or a promise of either. */
export type CanPayAnswer = boolean | { error: { message: string } };

/** A method's own check, given the one frozen argument. */
export type CanMakePayment = (argument: CanPayArgument) => CanPayAnswer | Promise<CanPayAnswer>;

/** An extension's check of one method; a throw counts as true. */
export type ExtensionCallback = (argument: CanPayArgument) => unknown;

/** SPEC §9.4: the feature every method supports unless it says otherwise. */
export const DEFAULT_FEATURES: readonly string[] = ['products'];

/** A registered payment method (SPEC §3.10), with WooCommerce's defaults applied. */
export interface PaymentMethod {
  readonly name: string;
  readonly label: ElementLike | string | null;
  readonly ariaLabel: string;
  readonly content: ElementLike | null;
  readonly edit: ElementLike | null;
  readonly canMakePayment: CanMakePayment;
  /** Sent as `payment_method`; defaults to `name`. */
  readonly paymentMethodId: string;
  readonly placeOrderButtonLabel: string | undefined;
  readonly savedTokenComponent: ElementLike | null;
  readonly icons: readonly unknown[] | null;
  readonly supports: {
    /** Also on when the deprecated `savePaymentInfo` is. */
    readonly showSavedCards: boolean;
    readonly showSaveOption: boolean;
    readonly features: readonly string[];
  };
}

/** A registered express payment method (SPEC §3.11). */
export interface ExpressPaymentMethod {
  readonly name: string;
  /** `title`, or the name with `_` and `-` read as spaces. */
  readonly title: string;
  readonly content: ElementLike | null;
  readonly edit: ElementLike | null;
  readonly canMakePayment: CanMakePayment;
  readonly paymentMethodId: string;
  readonly supports: { readonly features: readonly string[] };
}

/** The registry. */
export interface PaymentMethodRegistry {
  /** Checks and registers a method (throws a TypeError with SPEC §8.5's message); a later one with the same name replaces it. */
  registerPaymentMethod(config: unknown): void;
  registerExpressPaymentMethod(config: unknown): void;
  /**
   * Registers an extension's checks, keyed by method name, under a namespace used once
   * (SPEC §5.3). A repeated namespace or a callback that is not a function is logged and skipped.
   */
  registerPaymentMethodExtensionCallbacks(namespace: string, callbacks: Readonly<Record<string, unknown>>): void;
  /** The methods, in registration order. */
  paymentMethods(): readonly PaymentMethod[];
  expressPaymentMethods(): readonly ExpressPaymentMethod[];
  /** The extension callbacks for one method, in namespace registration order. */
  extensionCallbacksFor(name: string): readonly ExtensionCallback[];
  /** Notifies `listener` after every registration (the checkout recomputes availability). */
  subscribe(listener: () => void): () => void;
}

/** What [createPaymentMethodRegistry] needs. */
export interface RegistryOptions {
  /** Where rejected extension callbacks and deprecations are reported; `console.error`/`console.warn` by default. */
  log?: (...args: unknown[]) => void;
  warn?: (...args: unknown[]) => void;
}

function featuresOf(supports: RawConfig): readonly string[] {
  return Array.isArray(supports.features)
    ? supports.features.filter((feature): feature is string => typeof feature === 'string')
    : DEFAULT_FEATURES;
}

function asConfig(config: unknown): RawConfig {
  if (typeof config !== 'object' || config === null) {
    throw new TypeError('The payment method configuration must be an object.');
  }
  return config as RawConfig;
}

/** Creates an empty registry. */
export function createPaymentMethodRegistry(options: RegistryOptions = {}): PaymentMethodRegistry {
  const log =
    options.log ??
    ((...args: unknown[]) => {
      console.error(...args);
    });
  const warn =
    options.warn ??
    ((...args: unknown[]) => {
      console.warn(...args);
    });
  const methods = new Map<string, PaymentMethod>();
  const express = new Map<string, ExpressPaymentMethod>();
  const extensions = new Map<string, Map<string, ExtensionCallback>>();
  const listeners = new Set<() => void>();
  const changed = (): void => {
    for (const listener of listeners) {
      listener();
    }
  };

  return {
    registerPaymentMethod(raw) {
      const config = asConfig(raw);
      assertValidPaymentMethod(config);
      const supports = supportsOf(config);
      if (supports.savePaymentInfo !== undefined) {
        warn(
          'Passing savePaymentInfo when registering a payment method is deprecated: pass showSavedCards and showSaveOption.',
        );
      }
      // The assertions above make these casts true.
      const name = config.name as string;
      methods.set(name, {
        name,
        label: config.label as PaymentMethod['label'],
        ariaLabel: config.ariaLabel as string,
        content: config.content as PaymentMethod['content'],
        edit: config.edit as PaymentMethod['edit'],
        canMakePayment: config.canMakePayment as CanMakePayment,
        paymentMethodId: typeof config.paymentMethodId === 'string' && config.paymentMethodId !== '' ? config.paymentMethodId : name,
        placeOrderButtonLabel: config.placeOrderButtonLabel as string | undefined,
        savedTokenComponent: (config.savedTokenComponent ?? null) as PaymentMethod['savedTokenComponent'],
        icons: Array.isArray(config.icons) ? config.icons : null,
        supports: {
          showSavedCards: supports.showSavedCards === true || Boolean(supports.savePaymentInfo),
          showSaveOption: supports.showSaveOption === true,
          features: featuresOf(supports),
        },
      });
      changed();
    },

    registerExpressPaymentMethod(raw) {
      const config = asConfig(raw);
      assertValidExpressPaymentMethod(config);
      const name = config.name as string;
      express.set(name, {
        name,
        title: typeof config.title === 'string' && config.title !== '' ? config.title : name.replace(/[_-]/g, ' '),
        content: config.content as ExpressPaymentMethod['content'],
        edit: config.edit as ExpressPaymentMethod['edit'],
        canMakePayment: config.canMakePayment as CanMakePayment,
        paymentMethodId: typeof config.paymentMethodId === 'string' && config.paymentMethodId !== '' ? config.paymentMethodId : name,
        supports: { features: featuresOf(supportsOf(config)) },
      });
      changed();
    },

    registerPaymentMethodExtensionCallbacks(namespace, callbacks) {
      if (extensions.has(namespace)) {
        log(
          `The namespace provided to registerPaymentMethodExtensionCallbacks must be unique. Callbacks have already been registered for the ${namespace} namespace.`,
        );
        return;
      }
      const accepted = new Map<string, ExtensionCallback>();
      for (const [method, callback] of Object.entries(callbacks)) {
        if (typeof callback === 'function') {
          accepted.set(method, callback as ExtensionCallback);
        } else {
          log(
            `All callbacks provided to registerPaymentMethodExtensionCallbacks must be functions. The callback for the ${method} payment method in the ${namespace} namespace was not a function.`,
          );
        }
      }
      extensions.set(namespace, accepted);
      changed();
    },

    paymentMethods: () => [...methods.values()],
    expressPaymentMethods: () => [...express.values()],
    extensionCallbacksFor: (name) =>
      [...extensions.values()].flatMap((callbacks) => {
        const callback = callbacks.get(name);
        return callback === undefined ? [] : [callback];
      }),
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

// The checks a payment method's registration passes (SPEC §5.3), with the messages of SPEC
// §8.5, which are WooCommerce's word for word: gateways' own tests and support answers quote
// them. A registration is untrusted input (a third-party script), so every property is checked
// here once and everything behind the registry is typed (STYLE 11, 14).

/** A React element, recognised without importing React (the registry stays framework-free). */
export interface ElementLike {
  readonly $$typeof: symbol;
}

const ELEMENT_TYPES = new Set([Symbol.for('react.transitional.element'), Symbol.for('react.element')]);

/** A React element: what `createElement` or JSX returns, from React 18 or 19. */
export function isElement(value: unknown): value is ElementLike {
  return (
    typeof value === 'object' &&
    value !== null &&
    ELEMENT_TYPES.has((value as { $$typeof?: unknown }).$$typeof as symbol)
  );
}

/** The registration as given: any object. */
export type RawConfig = Readonly<Record<string, unknown>>;

/** The message for missing properties, followed by their names (no space, as WooCommerce). */
export const MISSING_PROPERTIES_MESSAGE = 'The payment method configuration object is missing the following properties:';

/** Throws a TypeError naming every missing property. */
export function assertHasProperties(config: RawConfig, properties: readonly string[]): void {
  const missing = properties.filter((property) => !Object.hasOwn(config, property));
  if (missing.length > 0) {
    throw new TypeError(MISSING_PROPERTIES_MESSAGE + missing.join(', '));
  }
}

/** `value` must be an element or null. */
export function assertElementOrNull(value: unknown, property: string): void {
  if (value !== null && !isElement(value)) {
    throw new TypeError(`The ${property} property for the payment method must be a React element or null.`);
  }
}

/** `value` must be an element, a string or null. */
export function assertElementStringOrNull(value: unknown, property: string): void {
  if (value !== null && typeof value !== 'string' && !isElement(value)) {
    throw new TypeError(`The ${property} property for the payment method must be a React element, a string, or null.`);
  }
}

/** `paymentMethodId` must be a string or absent. */
export function assertPaymentMethodId(value: unknown): void {
  if (typeof value !== 'string' && value !== undefined) {
    throw new TypeError(
      'The paymentMethodId property for the payment method must be a string or undefined (in which case it will be the value of the name property).',
    );
  }
}

/** `supports.features` must be an array or absent. */
export function assertFeatures(supports: RawConfig): void {
  if (supports.features !== undefined && !Array.isArray(supports.features)) {
    throw new TypeError('The features property for the payment method must be an array or undefined.');
  }
}

/** `supports` as given: an object, or nothing. */
export function supportsOf(config: RawConfig): RawConfig {
  const supports = config.supports;
  return typeof supports === 'object' && supports !== null ? (supports as RawConfig) : {};
}

/** SPEC §5.3: every check of a payment method's registration, in WooCommerce's order. */
export function assertValidPaymentMethod(config: RawConfig): void {
  assertHasProperties(config, ['name', 'label', 'ariaLabel', 'content', 'edit', 'canMakePayment']);
  if (typeof config.name !== 'string') {
    throw new TypeError('The name property for the payment method must be a string');
  }
  if (config.icons !== undefined && config.icons !== null && !Array.isArray(config.icons)) {
    throw new TypeError('The icons property for the payment method must be an array or null.');
  }
  assertPaymentMethodId(config.paymentMethodId);
  if (config.placeOrderButtonLabel !== undefined && typeof config.placeOrderButtonLabel !== 'string') {
    throw new TypeError('The placeOrderButtonLabel property for the payment method must be a string');
  }
  assertElementStringOrNull(config.label, 'label');
  assertElementOrNull(config.content, 'content');
  assertElementOrNull(config.edit, 'edit');
  assertElementOrNull(config.savedTokenComponent ?? null, 'savedTokenComponent');
  if (typeof config.ariaLabel !== 'string') {
    throw new TypeError('The ariaLabel property for the payment method must be a string');
  }
  if (typeof config.canMakePayment !== 'function') {
    throw new TypeError('The canMakePayment property for the payment method must be a function.');
  }
  const supports = supportsOf(config);
  if (supports.showSavedCards !== undefined && typeof supports.showSavedCards !== 'boolean') {
    throw new TypeError('If the payment method includes the `supports.showSavedCards` property, it must be a boolean');
  }
  assertFeatures(supports);
  if (supports.showSaveOption !== undefined && typeof supports.showSaveOption !== 'boolean') {
    throw new TypeError('If the payment method includes the `supports.showSaveOption` property, it must be a boolean');
  }
}

/** SPEC §5.3: the express method's checks (name, content, edit, paymentMethodId, features, canMakePayment). */
export function assertValidExpressPaymentMethod(config: RawConfig): void {
  assertHasProperties(config, ['name', 'content', 'edit', 'canMakePayment']);
  if (typeof config.name !== 'string') {
    throw new TypeError('The name property for the express payment method must be a string');
  }
  assertPaymentMethodId(config.paymentMethodId);
  assertFeatures(supportsOf(config));
  assertElementOrNull(config.content, 'content');
  assertElementOrNull(config.edit, 'edit');
  if (typeof config.canMakePayment !== 'function') {
    throw new TypeError('The canMakePayment property for the express payment method must be a function.');
  }
}

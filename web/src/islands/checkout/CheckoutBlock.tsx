// The block checkout (SPEC §2.6): steps as fieldsets (contact information, shipping address,
// billing address, shipping options, payment options), the order note, the terms and Place
// Order, beside the order summary. Each step has its own notice area (SPEC §2.9). The form's
// values live in the form store; the cart's in the cart store; every change to an address
// goes to the server through the address sync, and the summary follows the cart.

import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { RadioChoiceList } from '../../components/RadioChoiceList';
import type { NoticeContext, TaxDisplay } from '../../core';
import { collectsOrder, offersPickupChoice, rateForChoice, type CollectionSettings } from '../../core/checkout/collection';
import { useCart, useCartRuntime } from '../../core/react/useCart';
import { useCheckout, useCheckoutStores, usePayment } from '../../core/react/useCheckout';
import type { PaymentMethodRegistry } from '../../registry/payment-methods/register';
import { useExtensionHost } from '../../components/extension-filters';
import { slotCartForExtensions, type ExtensionHost } from '../../registry/host';
import { ExtensionSlot } from '../../components/ExtensionSlot';
import { InnerBlockArea } from '../../components/InnerBlockArea';
import { AddressForm } from './AddressForm';
import { ADDRESS_KEYS, checkEmail, fieldsFor, type AddressKey, type AddressValues } from './address/fields';
import type { CheckoutPageData } from './data';
import { EMAIL_FIELD_ID } from './errors';
import { ExpressPayments } from './ExpressPayments';
import { Field } from './Field';
import { NoticeArea } from './NoticeArea';
import { PASSWORD_FIELD_ID, PASSWORD_MESSAGE, TERMS_FIELD_ID, type FormStore } from './form';
import { OrderSummary } from './OrderSummary';
import { PaymentMethods } from './payment/PaymentMethods';
import type { OrderPlacer } from './place-order';
import { ShippingMethods } from './ShippingMethods';
import type { AddressKind, AddressSync } from './sync';

export interface CheckoutBlockProps {
  readonly data: CheckoutPageData;
  readonly form: FormStore;
  readonly sync: AddressSync;
  readonly placer: OrderPlacer;
  readonly registry: PaymentMethodRegistry;
  /** The page's extension host: slots and filters (null on a page without extensions). */
  readonly host?: ExtensionHost | null;
  readonly display: TaxDisplay;
  /** Local pickup (`localPickupEnabled`, `collectableMethodIds`): the Ship / Pickup choice. */
  readonly collection: CollectionSettings;
  /** A guest may open an account here (`checkoutAllowsSignup`). */
  readonly accountOffered: boolean;
  readonly loginUrl: string | null;
  /** Pays with an express method (the placer's express order for it). */
  readonly onExpressPay: (name: string) => void;
}

function Step({
  id,
  title,
  description,
  notices,
  children,
}: {
  readonly id: string;
  readonly title: string;
  readonly description?: string;
  readonly notices?: NoticeContext;
  readonly children: ReactNode;
}) {
  return (
    <fieldset className={`wc-block-components-checkout-step checkout-step checkout-step--${id}`} id={id}>
      <legend className="checkout-step__title">{title}</legend>
      {description !== undefined && <p className="checkout-step__description">{description}</p>}
      {notices !== undefined && <NoticeArea context={notices} />}
      <div className="checkout-step__content">{children}</div>
    </fieldset>
  );
}

/** "Please fix the following errors before continuing" with each shown error once (SPEC §8.6). */
function ErrorSummary({ form }: { readonly form: FormStore }) {
  const { validation } = useCheckoutStores();
  const attempted = useStore(form, (s) => s.attempted);
  const messages = useStore(validation, (s) =>
    [...new Set(Object.values(s.errors).filter((e) => !e.hidden).map((e) => e.message))].join('\n'),
  );
  if (!attempted || messages === '') {
    return null;
  }
  return (
    <div className="notice notice--error checkout-error-summary" role="alert">
      <p>Please fix the following errors before continuing</p>
      <ul>
        {messages.split('\n').map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Ship or Pickup (SPEC §4.8): a radio group shown when the shop has local pickup and the cart
 * offers a pickup rate. Choosing sets the checkout's `prefersCollection` and, when the selected
 * rate is of the other kind, chooses the first rate of the new kind in each package.
 */
function DeliveryChoice({ collection, collecting }: { readonly collection: CollectionSettings; readonly collecting: boolean }) {
  const { checkout } = useCheckoutStores();
  const cartStore = useCartRuntime().cart;
  const choose = (collect: boolean) => {
    checkout.setPrefersCollection(collect);
    for (const pkg of cartStore.getState().cart?.shipping_rates ?? []) {
      const rateId = rateForChoice(pkg, collect, collection);
      if (rateId !== null) {
        void cartStore.selectShippingRate(pkg.package_id, rateId).catch(() => undefined);
      }
    }
  };
  return (
    <div className="wc-block-checkout__shipping-method checkout-step checkout-step--shipping-method" id="shipping-method">
      <RadioChoiceList
        name="delivery-choice"
        legend="Delivery"
        options={[
          { value: 'ship', label: 'Ship' },
          { value: 'pickup', label: 'Pickup' },
        ]}
        selected={collecting ? 'pickup' : 'ship'}
        onChange={(value) => {
          choose(value === 'pickup');
        }}
        className="checkout-delivery"
      />
    </div>
  );
}

export function CheckoutBlock({ data, form, sync, placer, registry, host = null, display, collection, accountOffered, loginUrl, onExpressPay }: CheckoutBlockProps) {
  const cart = useCart((s) => s.cart) ?? data.cart;
  // Re-rendered when an extension registers filters after the island mounted (its script may
  // run later): the Place Order label is filtered here.
  useExtensionHost();
  const explicitCollection = useCheckout((s) => s.prefersCollection);
  const values = useStore(form);
  const status = useCheckout((s) => s.status);
  const calculating = useCheckout((s) => s.calculatingCount > 0);
  const active = usePayment((s) => s.activePaymentMethod);
  const noteId = useId();
  const { checkout: checkoutStore, validation } = useCheckoutStores();
  const needsShipping = cart.needs_shipping;
  const pickupOffered = needsShipping && offersPickupChoice(collection, cart.shipping_rates);
  // Collected: no shipping address (the billing address is asked in full) and the pickup
  // locations in place of the shipping options.
  const collecting = needsShipping && collectsOrder(explicitCollection, collection, cart.shipping_rates);
  const shipsToAddress = needsShipping && !collecting;
  const showBilling = !shipsToAddress || !values.useSameAddress;
  // A free order (a 100% coupon, free products) has nothing to pay: no payment step, no
  // express buttons, and Place Order sends no method (WooCommerce's `cartNeedsPayment`).
  const needsPayment = cart.needs_payment;
  const method = registry.paymentMethods().find((m) => m.name === active);
  // An empty label (the method's or a filter's) keeps the default (issue 25); a free order
  // has no method to name it.
  const methodLabel = needsPayment && method?.placeOrderButtonLabel !== undefined && method.placeOrderButtonLabel !== '' ? method.placeOrderButtonLabel : 'Place Order';
  const filtered = host?.applyFilter('placeOrderButtonLabel', methodLabel, cart.extensions, { context: 'checkout' }) ?? methodLabel;
  const buttonLabel = typeof filtered === 'string' && filtered !== '' ? filtered : methodLabel;
  const fillProps = { cart: slotCartForExtensions(cart), extensions: cart.extensions, context: 'woocommerce/checkout' };
  // Blocks extensions registered into an inner block area render at its end (docs/extensions.md).
  const area = (name: string) => <InnerBlockArea area={`woocommerce/${name}`} cart={cart} />;
  const working = status === 'before_processing' || status === 'processing' || status === 'after_processing' || status === 'complete';

  const changeAddress = (kind: AddressKind, changes: Partial<Record<AddressKey, string>>) => {
    const current = form.getState()[kind];
    const next: Record<AddressKey, string> = { ...current, ...changes };
    if (changes.country !== undefined) {
      // Fields the new country hides are blanked (SPEC §3.17).
      const country = data.countries.find((c) => c.code === changes.country);
      for (const field of fieldsFor(country?.locale ?? {})) {
        if (field.hidden && field.key !== 'country') {
          next[field.key] = '';
        }
      }
    }
    const changedKeys = (Object.keys(next) as AddressKey[]).filter((key) => next[key] !== current[key]);
    const sameToo = kind === 'shipping' && form.getState().useSameAddress;
    form.setState((state) => ({
      [kind]: next,
      ...(sameToo && { billing: { ...state.billing, ...Object.fromEntries(changedKeys.map((key) => [key, next[key]])) } }),
    }));
    for (const key of changedKeys) {
      sync.change(kind, key, next[key]);
      if (sameToo) {
        sync.change('billing', key, next[key]);
      }
    }
  };

  // Autofill sets many fields, then sends `input` and `change` on each. The first event's
  // render would write the form's old values back into the others before their own events
  // arrive, so any event first takes every address field whose page value the form has not
  // heard yet (ids billing_{field} / shipping_{field}); their checks run again on leaving or
  // on Place Order.
  const adoptUnheard = (target: EventTarget) => {
    const state = form.getState();
    const changes: Record<AddressKind, Partial<Record<AddressKey, string>>> = { billing: {}, shipping: {} };
    for (const kind of ['billing', 'shipping'] as const) {
      for (const key of ADDRESS_KEYS) {
        const el = document.getElementById(`${kind}_${key}`);
        if (el !== target && (el instanceof HTMLInputElement || el instanceof HTMLSelectElement) && el.value !== state[kind][key]) {
          changes[kind][key] = el.value;
          validation.clearValidationError(el.id);
        }
      }
    }
    const { email, ...billing } = changes.billing;
    if (email !== undefined) {
      form.setState((s) => ({ billing: { ...s.billing, email } }));
      sync.change('billing', 'email', email);
    }
    for (const [kind, fields] of [['shipping', changes.shipping], ['billing', billing]] as const) {
      if (Object.keys(fields).length > 0) {
        changeAddress(kind, fields);
      }
    }
  };

  const addressStep = (kind: AddressKind, title: string, address: AddressValues, extra?: ReactNode) => (
    <Step id={`${kind}-fields`} title={title} notices={kind === 'shipping' ? 'wc/checkout/shipping-address' : 'wc/checkout/billing-address'}>
      <AddressForm
        kind={kind}
        values={address}
        countries={data.countriesFor[kind]}
        onChange={(changes) => {
          changeAddress(kind, changes);
        }}
        onLeave={() => {
          sync.leave();
        }}
      />
      {extra}
      {area(`checkout-${kind}-address-block`)}
    </Step>
  );

  return (
    <form
      className="wp-block-woocommerce-checkout wc-block-checkout checkout-block"
      noValidate
      onInputCapture={(event) => {
        adoptUnheard(event.target);
      }}
      onChangeCapture={(event) => {
        adoptUnheard(event.target);
      }}
      onSubmit={(event) => {
        event.preventDefault();
        void placer.place();
      }}
    >
      <div className="wc-block-checkout__main checkout-block__main">
        {needsPayment && <ExpressPayments registry={registry} onPay={onExpressPay} />}
        <NoticeArea context="wc/checkout" />
        <ErrorSummary form={form} />
        <Step
          id="contact-fields"
          title="Contact information"
          description="We'll use this email to send you details and updates about your order."
          notices="wc/checkout/contact-information"
        >
          <Field
            id={EMAIL_FIELD_ID}
            label="Email address"
            type="email"
            autoComplete="email"
            required
            value={values.billing.email}
            check={checkEmail}
            onChange={(email) => {
              form.setState((state) => ({ billing: { ...state.billing, email } }));
              sync.change('billing', 'email', email);
            }}
            onLeave={() => {
              sync.leave();
            }}
          />
          {accountOffered && (
            <div className="checkout-account">
              <label className="checkout-checkbox">
                <input
                  type="checkbox"
                  checked={values.createAccount}
                  onChange={(event) => {
                    const createAccount = event.currentTarget.checked;
                    form.setState({ createAccount });
                    checkoutStore.setShouldCreateAccount(createAccount);
                  }}
                />{' '}
                Create an account?
              </label>
              {values.createAccount && (
                <Field
                  id={PASSWORD_FIELD_ID}
                  label="Create account password"
                  type="password"
                  autoComplete="new-password"
                  required
                  value={values.password}
                  check={(password) => (password.trim() === '' ? PASSWORD_MESSAGE : null)}
                  onChange={(password) => {
                    form.setState({ password });
                  }}
                />
              )}
            </div>
          )}
          {loginUrl !== null && (
            <p className="checkout-login">
              Already have an account? <a href={loginUrl}>Log in</a>
            </p>
          )}
          {area('checkout-contact-information-block')}
        </Step>
        {pickupOffered && <DeliveryChoice collection={collection} collecting={collecting} />}
        {pickupOffered && area('checkout-shipping-method-block')}
        {collecting && (
          <Step id="pickup-options" title="Pickup locations" notices="wc/checkout/shipping-methods">
            <ShippingMethods packages={cart.shipping_rates} includingTax={display.includingTax} kind="collect" collection={collection} />
            {area('checkout-pickup-options-block')}
          </Step>
        )}
        {shipsToAddress &&
          addressStep(
            'shipping',
            'Shipping address',
            values.shipping,
            <label className="checkout-checkbox checkout-same-address">
              <input
                type="checkbox"
                checked={values.useSameAddress}
                onChange={(event) => {
                  const useSameAddress = event.currentTarget.checked;
                  form.setState((state) => ({
                    useSameAddress,
                    ...(useSameAddress && { billing: { ...state.shipping, email: state.billing.email } }),
                  }));
                  if (useSameAddress) {
                    const { shipping } = form.getState();
                    for (const key of Object.keys(shipping) as AddressKey[]) {
                      if (key !== 'email') {
                        sync.change('billing', key, shipping[key]);
                      }
                    }
                    sync.leave();
                  }
                }}
              />{' '}
              Use same address for billing
            </label>,
          )}
        {showBilling && addressStep('billing', 'Billing address', values.billing)}
        {shipsToAddress && (
          <Step id="shipping-option" title="Shipping options" notices="wc/checkout/shipping-methods">
            <ShippingMethods
              packages={cart.shipping_rates}
              includingTax={display.includingTax}
              kind={pickupOffered ? 'ship' : 'all'}
              collection={collection}
            />
            {area('checkout-shipping-methods-block')}
          </Step>
        )}
        {needsPayment && (
          <Step id="payment-method" title="Payment options" notices="wc/checkout/payments">
            <PaymentMethods
              registry={registry}
              host={host}
              onSubmit={() => {
                void placer.place();
              }}
            />
            {area('checkout-payment-methods-block')}
          </Step>
        )}
        {area('checkout-fields-block')}
        <div className="wc-block-checkout__add-note checkout-note">
          <label htmlFor={noteId}>Add a note to your order</label>
          <textarea
            id={noteId}
            rows={2}
            value={values.customerNote}
            placeholder="Notes about your order, e.g. special notes for delivery."
            onChange={(event) => {
              form.setState({ customerNote: event.currentTarget.value });
            }}
          />
        </div>
        <div className="wc-block-checkout__actions checkout-actions">
          <NoticeArea context="wc/checkout/checkout-actions" />
          <Terms form={form} termsUrl={data.termsUrl} />
          <button
            type="submit"
            className="wc-block-components-checkout-place-order-button button button--primary alt checkout-actions__place"
            disabled={calculating}
            aria-disabled={working || undefined}
          >
            {buttonLabel}
          </button>
        </div>
        {area('checkout')}
      </div>
      <aside className="wc-block-checkout__sidebar checkout-block__sidebar">
        <OrderSummary cart={cart} display={display} />
        {area('checkout-order-summary-block')}
        <ExtensionSlot host={host} name="ExperimentalDiscountsMeta" fillProps={fillProps} className="wc-block-components-discounts-meta" />
        <ExtensionSlot host={host} name="ExperimentalOrderMeta" fillProps={fillProps} />
        {area('checkout-totals-block')}
      </aside>
    </form>
  );
}

/**
 * The terms link opens the page in a lightbox (SPEC §2.6). The island owns its DOM, so it
 * attaches the `page-lightbox` behaviour itself; its chunk comes after the island's.
 */
function useTermsLightbox() {
  const link = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    let detach: (() => void) | undefined;
    let live = true;
    import('../../behaviours/lightboxes').then(
      ({ lightboxBehaviours }) => {
        if (live && link.current !== null) {
          detach = lightboxBehaviours['page-lightbox'].attach(link.current) ?? undefined;
        }
      },
      () => {
        // Without its chunk the link is followed, as without JavaScript.
      },
    );
    return () => {
      live = false;
      detach?.();
    };
  }, []);
  return link;
}

function Terms({ form, termsUrl }: { readonly form: FormStore; readonly termsUrl: string }) {
  const { validation } = useCheckoutStores();
  const link = useTermsLightbox();
  const checked = useStore(form, (s) => s.terms);
  const error = useStore(validation, (s) => s.errors[TERMS_FIELD_ID]);
  const shown = error !== undefined && !error.hidden;
  return (
    <div className={`wc-block-checkout__terms checkout-terms${shown ? ' has-error' : ''}`}>
      <input
        type="checkbox"
        id={TERMS_FIELD_ID}
        checked={checked}
        aria-invalid={shown || undefined}
        aria-describedby={shown ? `validate-error-${TERMS_FIELD_ID}` : undefined}
        onChange={(event) => {
          const terms = event.currentTarget.checked;
          form.setState({ terms });
          if (terms) {
            validation.clearValidationError(TERMS_FIELD_ID);
          }
        }}
      />{' '}
      <label htmlFor={TERMS_FIELD_ID}>
        I have read and agree to the website{' '}
        <a href={termsUrl} ref={link} data-behaviour="page-lightbox">
          terms and conditions
        </a>
      </label>
      {shown && (
        <p id={`validate-error-${TERMS_FIELD_ID}`} className="checkout-field__error" role="alert">
          {error.message}
        </p>
      )}
    </div>
  );
}

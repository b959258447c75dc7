import { createRoot } from 'react-dom/client';
import { getSetting, isRecordSetting, parseStorefrontSettings, provideReplyChecks, readSettingsJson, type NoticeContext } from '../../core';
import * as replyCode from '../../core/api/reply-code';
import { collectsOrder, type CollectionSettings } from '../../core/checkout/collection';
import { createCheckoutStore } from '../../core/checkout/store';
import { createCheckoutEvents } from '../../core/events/emitter';
import { flattenSavedMethods } from '../../core/payment/status';
import { createPaymentStore } from '../../core/payment/store';
import { CartRuntimeProvider } from '../../core/react/useCart';
import { CheckoutStoresProvider, type CheckoutStores } from '../../core/react/useCheckout';
import { createValidationStore } from '../../core/validation/store';
import { ExtensionHostContext } from '../../components/extension-filters';
import { extensionHost, pageExtensions } from '../../registry/host';
import { createPaymentMethodRegistry } from '../../registry/payment-methods/register';
import { paymentMethodSortOrder, watchPaymentAvailability } from '../../registry/payment-methods/watch';
import type { IslandCleanup, MountContext } from '../types';
import { CheckoutBlock } from './CheckoutBlock';
import { EMBEDDED_CHECKOUT_ID, readCheckoutData } from './data';
import { createFormStore, formChecks } from './form';
import { registerOfflineMethods } from './payment/offline';
import { EXPRESS_CARD, expressOrder, registerExpressCard } from './express';
import { parseSavedMethods } from './payment/saved';
import { expressGateway, registerFieldGateways } from './payment/fields';
import { createOrderPlacer } from './place-order';
import { createAddressSync } from './sync';
import './checkout.css';

/** The notice areas the address sync clears once an address was taken (SPEC §4.8). */
const ADDRESS_AREAS: readonly NoticeContext[] = [
  'wc/checkout',
  'wc/checkout/contact-information',
  'wc/checkout/shipping-address',
  'wc/checkout/billing-address',
  'wc/checkout/shipping-methods',
];

/**
 * The block checkout on `/checkout/` (SPEC §2.6). The container holds the classic form, the
 * checkout without JavaScript; the island replaces it, drawn from the data the page embeds
 * (`#mercato-checkout`: the cart, the starting addresses, the countries and their locales), so
 * it takes over without a request. No props.
 */
export function mount(el: HTMLElement, _props: unknown, context: MountContext): IslandCleanup {
  const doc = el.ownerDocument;
  // This chunk holds the Store API checks (it reads the embedded cart with them): the page's
  // cart core may use them from now on, as on the cart page.
  provideReplyChecks(replyCode);
  const data = readCheckoutData(doc);
  if (data === null) {
    throw new TypeError(`checkout: the page has no checkout data in #${EMBEDDED_CHECKOUT_ID}`);
  }
  const { runtime } = context;
  const cartStore = runtime.cart;
  if (cartStore.getState().serverCart === null) {
    cartStore.applyServerCart(data.cart, runtime.settings.cartHash ?? '');
  }
  const settings = parseStorefrontSettings(readSettingsJson(doc));
  const customerId = getSetting('currentUserId', 0, (v): v is number => typeof v === 'number', doc);
  const isAdmin = getSetting('currentUserIsAdmin', false, (v): v is boolean => typeof v === 'boolean', doc);
  const allowsSignup = getSetting('checkoutAllowsSignup', false, (v): v is boolean => typeof v === 'boolean', doc);
  const globalMethods = getSetting<{ id: string; title: string }[]>(
    'globalPaymentMethods',
    [],
    (v): v is { id: string; title: string }[] => Array.isArray(v),
    doc,
  );

  // On a page with extensions, the registry, the checkout, validation and events stores are the
  // extension host's (src/registry/host.ts), which the wc.* globals reach too.
  const win = doc.defaultView;
  const host = win !== null && pageExtensions(doc).length > 0 ? extensionHost(win) : null;
  const shared = host?.stores();
  const registry = host?.registry ?? createPaymentMethodRegistry();
  const methodData = getSetting('paymentMethodData', {}, isRecordSetting, doc);
  registerOfflineMethods(registry, methodData);
  registerFieldGateways(registry, methodData, customerId);
  const stores: CheckoutStores = {
    checkout: shared?.checkout ?? createCheckoutStore({ customerId }),
    // SPEC §4.7: the first saved card is chosen when the methods load.
    payment: createPaymentStore({
      globalPaymentMethods: globalMethods,
      savedPaymentMethods: parseSavedMethods(
        getSetting<unknown>('customerPaymentMethods', null, undefined, doc),
        registry
          .paymentMethods()
          .filter((m) => m.supports.showSavedCards)
          .map((m) => m.name),
      ),
    }),
    validation: shared?.validation ?? createValidationStore(),
    events: shared?.events ?? createCheckoutEvents(),
  };
  const detachPayment = host?.attachPayment(stores.payment);
  // The express button pays with the customer's default card (listed first).
  const expressCard = flattenSavedMethods(stores.payment.getState().savedPaymentMethods)[0];
  registerExpressCard(registry, expressCard, data.express, {
    ships: data.cart.needs_shipping,
    termsUrl: data.termsUrl,
    gateway: expressGateway(methodData),
  });
  const watch = watchPaymentAvailability({
    registry,
    cart: cartStore,
    payment: stores.payment,
    notices: runtime.notices,
    canSeeErrors: isAdmin || settings.canEditPages,
    sortOrder: paymentMethodSortOrder(),
  });

  const needsShipping = data.cart.needs_shipping;
  const collection: CollectionSettings = {
    localPickupEnabled: getSetting('localPickupEnabled', false, (v): v is boolean => typeof v === 'boolean', doc),
    collectableMethodIds: getSetting<string[]>(
      'collectableMethodIds',
      [],
      (v): v is string[] => Array.isArray(v) && v.every((id) => typeof id === 'string'),
      doc,
    ),
  };
  /** Whether the cart ships now, and whether the shopper collects it (SPEC §4.8). */
  const delivery = (): { ships: boolean; collects: boolean } => {
    const cart = cartStore.getState().cart;
    const ships = cart?.needs_shipping ?? needsShipping;
    return {
      ships,
      collects: ships && collectsOrder(stores.checkout.getState().prefersCollection, collection, cart?.shipping_rates ?? []),
    };
  };
  /** The rate chosen in each package of `cart` ('' for none). */
  const chosenRates = (cart: typeof data.cart | null): string =>
    (cart?.shipping_rates ?? []).map((pkg) => pkg.shipping_rates.find((rate) => rate.selected)?.rate_id ?? '').join(',');

  const form = createFormStore({ billing: data.billingAddress, shipping: data.shippingAddress, needsShipping });
  const accountOffered = allowsSignup && customerId === 0;
  const sync = createAddressSync({
    send: (update) => cartStore.updateCustomer(update),
    hasError: (id) => stores.validation.getValidationError(id) !== undefined,
    onSent: () => {
      for (const area of ADDRESS_AREAS) {
        runtime.notices.removeNotices(
          runtime.notices.noticesOf(area).map((n) => n.id),
          area,
        );
      }
    },
  });

  const placer = createOrderPlacer({
    stores,
    notices: runtime.notices,
    api: runtime.api,
    paymentMethodId: (name) => registry.paymentMethods().find((m) => m.name === name)?.paymentMethodId ?? name,
    checkForm: () => {
      form.setState({ attempted: true });
      const { ships, collects } = delivery();
      // A collected order asks for no shipping address: the billing address is checked in full.
      const results = formChecks(form.getState(), data.countriesFor, { needsShipping: ships && !collects, accountOffered });
      for (const { id, message } of results) {
        stores.validation.checkField(id, message === null ? { valid: true } : { valid: false, message }, 'submit');
      }
      stores.validation.showAllValidationErrors();
      const first = results.find((r) => r.message !== null) ?? null;
      if (first !== null) {
        doc.getElementById(first.id)?.focus();
      }
      return first === null;
    },
    readForm: () => {
      const state = form.getState();
      const { ships, collects } = delivery();
      return {
        billingAddress: state.billing,
        shippingAddress: ships && !collects ? state.shipping : null,
        useSameAddress: ships && !collects && state.useSameAddress,
        collects,
        customerNote: state.customerNote,
        createAccount: accountOffered && state.createAccount,
        password: state.password,
      };
    },
    flushAddresses: () => sync.flush(),
    // The rate the shopper was shown chosen is the rate the server's cart has once every
    // write is answered; if the server chose another (a rate no longer offered), the order
    // waits for the shopper to see it.
    settleCart: async () => {
      const shown = chosenRates(cartStore.getState().cart);
      await cartStore.settled();
      return chosenRates(cartStore.getState().serverCart) === shown;
    },
    needsPayment: () => cartStore.getState().cart?.needs_payment ?? data.cart.needs_payment,
    navigate: (url) => {
      doc.defaultView?.location.assign(url);
    },
    // The order's source, as the classic form's hidden fields carry it (SPEC §3.7).
    moreExtensions: () => doc.defaultView?.mercato?.attribution?.extensionData() ?? {},
  });

  const root = createRoot(el);
  root.render(
    <CartRuntimeProvider runtime={runtime}>
      <CheckoutStoresProvider stores={stores}>
        <ExtensionHostContext.Provider value={host}>
          <CheckoutBlock
            data={data}
            form={form}
            sync={sync}
            placer={placer}
            registry={registry}
            host={host}
            display={{ taxesEnabled: settings.taxesEnabled, includingTax: settings.pricesIncludeTax, itemised: settings.itemisedTaxes }}
            collection={collection}
            accountOffered={accountOffered}
            loginUrl={customerId === 0 ? '/my-account/' : null}
            onExpressPay={(name) => {
              if (name === EXPRESS_CARD && expressCard !== undefined && data.express !== null) {
                const ships = cartStore.getState().cart?.needs_shipping ?? needsShipping;
                void placer.place(expressOrder(expressCard, data.express.billingAddress, data.express.shippingAddress, ships));
              }
            }}
          />
        </ExtensionHostContext.Provider>
      </CheckoutStoresProvider>
    </CartRuntimeProvider>,
  );
  return () => {
    root.unmount();
    detachPayment?.();
    watch.stop();
    sync.stop();
  };
}

// The example extension's browser script (issue 25): written only against the wc.* and wp.*
// globals, as a WooCommerce block-checkout gateway ships it (a classic script, no build step).
// It registers two payment methods (Dummy, an offline gateway, and Dummy Pay, paid through the
// extension's payment app, app/server.mjs), an express method, a validation observer, a
// checkout filter, a slot fill and extension data.
(function () {
  'use strict';
  var el = window.wp.element.createElement;
  var __ = window.wp.i18n.__;
  var decode = window.wp.htmlEntities.decodeEntities;
  var settings = window.wc.wcSettings.getSetting('dummy_data', {});
  var title = decode(settings.title || __('Dummy', 'dummy'));

  function Content(props) {
    var useEffect = window.wp.element.useEffect;
    var onPaymentSetup = props.eventRegistration.onPaymentSetup;
    var responseTypes = props.emitResponse.responseTypes;
    useEffect(function () {
      return onPaymentSetup(function () {
        return { type: responseTypes.SUCCESS, meta: { paymentMethodData: { dummy_token: 'tok_dummy' } } };
      });
    }, [onPaymentSetup, responseTypes]);
    return el('p', { className: 'dummy-description' }, decode(settings.description || ''));
  }

  window.wc.wcBlocksRegistry.registerPaymentMethod({
    name: 'dummy',
    label: el('span', null, title),
    ariaLabel: title,
    content: el(Content),
    edit: el(Content),
    canMakePayment: function () {
      return true;
    },
    supports: { features: settings.supports || ['products'] },
  });

  // Dummy Pay: the browser half of a gateway paid through a payment app. Its form sends the
  // app what to do (`dummy_pay_outcome`, in the payment data); the server posts it to the app
  // when the order is placed. A decline's message is the app's, shown by the checkout in the
  // payment area; "pending" sends the shopper to the app's own page.
  var payData = window.wc.wcSettings.getSetting('dummy_pay_data', {});
  var payTitle = decode(payData.title || __('Dummy Pay', 'dummy'));
  var OUTCOMES = [
    { label: __('Approve at once', 'dummy'), value: 'success' },
    { label: __('Decline', 'dummy'), value: 'failure' },
    { label: __('Confirm on the Dummy Pay page', 'dummy'), value: 'pending' },
  ];

  function PayContent(props) {
    var element = window.wp.element;
    var chosen = element.useState('success');
    var outcome = chosen[0];
    var onPaymentSetup = props.eventRegistration.onPaymentSetup;
    var responseTypes = props.emitResponse.responseTypes;
    element.useEffect(function () {
      return onPaymentSetup(function () {
        return { type: responseTypes.SUCCESS, meta: { paymentMethodData: { dummy_pay_outcome: outcome } } };
      });
    }, [onPaymentSetup, responseTypes, outcome]);
    return el(
      element.Fragment,
      null,
      el('p', null, decode(payData.description || '')),
      el(window.wp.components.RadioControl, {
        label: __('Dummy Pay outcome', 'dummy'),
        selected: outcome,
        options: OUTCOMES,
        onChange: chosen[1],
      }),
    );
  }

  window.wc.wcBlocksRegistry.registerPaymentMethod({
    name: 'dummy_pay',
    label: el('span', null, payTitle),
    ariaLabel: payTitle,
    content: el(PayContent),
    edit: el(PayContent),
    canMakePayment: function () {
      return true;
    },
    supports: { features: payData.supports || ['products'] },
  });

  window.wc.wcBlocksRegistry.registerExpressPaymentMethod({
    name: 'dummy_express',
    title: 'Dummy Express',
    content: el('button', { type: 'button', className: 'dummy-express' }, 'Pay with Dummy Express'),
    edit: el('span', null, 'Dummy Express'),
    canMakePayment: function () {
      return true;
    },
  });

  window.wc.blocksCheckoutEvents.onCheckoutValidation(function () {
    var cart = window.wp.data.select('wc/store/cart').getCartData();
    if (cart.itemsCount === 0) {
      return { type: 'error', errorMessage: __('Dummy needs something in the cart.', 'dummy') };
    }
    return true;
  });

  window.wc.blocksCheckout.registerCheckoutFilters('dummy', {
    placeOrderButtonLabel: function (label) {
      return label + ' with Dummy';
    },
  });

  window.wp.plugins.registerPlugin('dummy-order-meta', {
    scope: 'woocommerce-checkout',
    render: function () {
      return el(window.wc.blocksCheckout.ExperimentalOrderMeta, null, el(function DummyMeta(props) {
        return el('p', { className: 'dummy-meta' }, 'Dummy order meta for ' + props.context);
      }));
    },
  });

  window.wp.data.dispatch('wc/store/checkout').setExtensionData('dummy', { source: 'example' });
})();

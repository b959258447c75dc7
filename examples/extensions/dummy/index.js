// The example extension's browser script (issue 25): written only against the wc.* and wp.*
// globals, as a WooCommerce block-checkout gateway ships it (a classic script, no build step).
// It registers a payment method and an express method, a validation observer, a checkout
// filter, a slot fill and extension data.
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

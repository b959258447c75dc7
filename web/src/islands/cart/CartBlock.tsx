import { InnerBlockArea } from '../../components/InnerBlockArea';
import { NoticeList } from '../../components/NoticeList';
import type { TaxDisplay } from '../../core';
import { useCart, useCartRuntime, useNotices } from '../../core/react/useCart';
import { CartItems } from './CartItems';
import { CartTotals } from './CartTotals';
import { CouponForm } from './CouponForm';
import { CrossSells } from './CrossSells';
import { EmptyCart } from './EmptyCart';

export interface CartBlockProps {
  readonly couponsEnabled: boolean;
  readonly display: TaxDisplay;
  readonly checkoutUrl: string;
  readonly shopUrl: string;
}

/**
 * The block cart (SPEC §2.5): the shared cart store's cart, laid out as the classic cart page
 * it replaces (items table, coupon, cross-sells beside the totals), so nothing moves when it
 * takes over. The cart area's notices (SPEC §2.9 `wc/cart`) sit above it.
 */
export function CartBlock({ couponsEnabled, display, checkoutUrl, shopUrl }: CartBlockProps) {
  const cart = useCart((s) => s.cart);
  const notices = useNotices('wc/cart');
  const noticeStore = useCartRuntime().notices;
  return (
    <div className="wp-block-woocommerce-cart wc-block-cart cart-block" data-cart-area="cart">
      <NoticeList notices={notices} store={noticeStore} className="cart-block__notices" />
      {cart === null || cart.items.length === 0 ? (
        <>
          <EmptyCart shopUrl={shopUrl} />
          <InnerBlockArea area="woocommerce/empty-cart-block" cart={cart} />
        </>
      ) : (
        <div className="wp-block-woocommerce-filled-cart-block cart-filled" data-cart-area="filled-cart">
          <div className="wp-block-woocommerce-cart-items-block" data-cart-area="cart-items">
            <CartItems items={cart.items} display={display} />
            {couponsEnabled && (
              <div className="cart-actions">
                <CouponForm />
              </div>
            )}
            <InnerBlockArea area="woocommerce/cart-items-block" cart={cart} />
          </div>
          <div className="cart-collaterals">
            <CrossSells items={cart.cross_sells} />
            <InnerBlockArea area="woocommerce/cart-cross-sells-block" cart={cart} />
            <CartTotals cart={cart} display={display} checkoutUrl={checkoutUrl} />
          </div>
          <InnerBlockArea area="woocommerce/filled-cart-block" cart={cart} />
        </div>
      )}
      <InnerBlockArea area="woocommerce/cart" cart={cart} />
    </div>
  );
}

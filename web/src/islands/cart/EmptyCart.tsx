import { useEffect, useState } from 'react';
import { useCartRuntime } from '../../core/react/useCart';
import { ProductList, shownProduct, type ShownProduct } from './ProductList';

/** How many new products the empty cart offers. */
const DISCOVER_COUNT = 4;

/**
 * The newest products, from the Store API (asked once the cart is empty, never at page load of
 * a filled cart). Those listed in the catalogue only: asked nothing, the Store API lists hidden
 * products too, as WooCommerce's does.
 */
function useNewestProducts(): ShownProduct[] {
  const [products, setProducts] = useState<ShownProduct[]>([]);
  const { api } = useCartRuntime();
  useEffect(() => {
    let live = true;
    api
      .request(`/products?orderby=date&order=desc&catalog_visibility=catalog&per_page=${String(DISCOVER_COUNT)}`, 'GET')
      .then(
        (reply) => {
          if (live && reply.ok && Array.isArray(reply.body)) {
            setProducts(reply.body.map(shownProduct).filter((p): p is ShownProduct => p !== null));
          }
        },
        // Nothing to discover is still an empty cart with its way back to the shop.
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [api]);
  return products;
}

/** SPEC §2.5 empty cart: the classic page's message and shop link, and new products to discover. */
export function EmptyCart({ shopUrl }: { readonly shopUrl: string }) {
  const products = useNewestProducts();
  return (
    <div className="wp-block-woocommerce-empty-cart-block wc-empty-cart" data-cart-area="empty-cart">
      <p className="cart-empty woocommerce-info" role="status">
        Your cart is currently empty.
      </p>
      <p className="return-to-shop">
        <a className="button wc-backward" href={shopUrl}>
          Return to shop
        </a>
      </p>
      {products.length > 0 && (
        <section className="cart-discover" aria-labelledby="cart-discover-title">
          <h2 id="cart-discover-title">New in store</h2>
          <ProductList products={products} />
        </section>
      )}
    </div>
  );
}

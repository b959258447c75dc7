import { ProductList, shownProduct, type ShownProduct } from './ProductList';

/** SPEC §2.5 cart cross-sells: the cart's `cross_sells`, added to the cart in place. */
export function CrossSells({ items }: { readonly items: readonly unknown[] }) {
  const products = items.map(shownProduct).filter((p): p is ShownProduct => p !== null);
  if (products.length === 0) {
    return null;
  }
  return (
    <section className="cross-sells wp-block-woocommerce-cart-cross-sells-block" data-cart-area="cart-cross-sells" aria-labelledby="cart-cross-sells-title">
      <h2 id="cart-cross-sells-title">You may be interested in&hellip;</h2>
      <ProductList products={products} />
    </section>
  );
}

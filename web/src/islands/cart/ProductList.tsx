import { useState } from 'react';
import { Money } from '../../components/Money';
import { useCartRuntime } from '../../core/react/useCart';
import { decodeEntities } from '../../lib/entities';
import { isRecord } from '../../lib/guards';
import type { MoneyFormat } from '../../lib/money';
import { useCartReport } from './report';

/** What the cart shows of a Store API product (a cross-sell, a product to discover; SPEC §3.15). */
export interface ShownProduct {
  id: number;
  name: string;
  permalink: string;
  image: { src: string; alt: string } | null;
  prices: MoneyFormat & { price: string; regular_price: string };
  /** The button's text and accessible name, and whether it adds here (a simple, buyable product). */
  button: { text: string; label: string; addsHere: boolean; url: string };
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A Store API product as the cart shows it; null when it is not one. */
export function shownProduct(value: unknown): ShownProduct | null {
  if (!isRecord(value) || typeof value.id !== 'number' || typeof value.name !== 'string' || !isRecord(value.prices)) {
    return null;
  }
  const prices = value.prices;
  const add = isRecord(value.add_to_cart) ? value.add_to_cart : {};
  const image = Array.isArray(value.images) && isRecord(value.images[0]) ? value.images[0] : null;
  const url = str(add.url);
  const text = str(add.text) || 'Read more';
  return {
    id: value.id,
    name: decodeEntities(value.name),
    permalink: str(value.permalink),
    image: image === null ? null : { src: str(image.thumbnail) || str(image.src), alt: str(image.alt) },
    prices: {
      price: str(prices.price),
      regular_price: str(prices.regular_price),
      currency_minor_unit: typeof prices.currency_minor_unit === 'number' ? prices.currency_minor_unit : 2,
      currency_decimal_separator: str(prices.currency_decimal_separator) || '.',
      currency_thousand_separator: str(prices.currency_thousand_separator),
      currency_prefix: str(prices.currency_prefix),
      currency_suffix: str(prices.currency_suffix),
    },
    button: {
      text,
      label: decodeEntities(str(add.description)) || text,
      addsHere: url.startsWith('?add-to-cart=') && value.is_purchasable === true && value.is_in_stock === true,
      url: url.startsWith('?') ? str(value.permalink) : url || str(value.permalink),
    },
  };
}

function AddButton({ product }: { readonly product: ShownProduct }) {
  const [adding, setAdding] = useState(false);
  const store = useCartRuntime().cart;
  const report = useCartReport();
  return (
    <button
      type="button"
      className="button add_to_cart_button wc-block-components-product-button__button"
      aria-label={product.button.label}
      aria-busy={adding}
      disabled={adding}
      onClick={(event) => {
        setAdding(true);
        store
          .addItem({ id: product.id, quantity: 1 }, event.currentTarget)
          .catch(report.failed)
          .finally(() => {
            setAdding(false);
          });
      }}
    >
      {product.button.text}
    </button>
  );
}

/** A grid of products with their price and a button that adds through the cart store. */
export function ProductList({ products }: { readonly products: readonly ShownProduct[] }) {
  return (
    <ul className="products wc-block-grid__products">
      {products.map((product) => {
        const onSale = product.prices.regular_price !== '' && product.prices.regular_price !== product.prices.price;
        return (
          <li key={product.id} className="product wc-block-grid__product">
            <a href={product.permalink}>
              {product.image !== null && (
                <img src={product.image.src} alt={product.image.alt} width={150} height={150} loading="lazy" decoding="async" />
              )}
              <h3>{product.name}</h3>
            </a>
            <span className="price">
              {onSale && (
                <>
                  <del>
                    <span className="visually-hidden">Previous price: </span>
                    <Money amount={product.prices.regular_price} format={product.prices} />
                  </del>{' '}
                </>
              )}
              <Money amount={product.prices.price} format={product.prices} />
            </span>
            {product.button.addsHere ? (
              <AddButton product={product} />
            ) : (
              <a className="button" href={product.button.url} aria-label={product.button.label}>
                {product.button.text}
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}

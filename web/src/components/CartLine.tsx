import type { CartItem } from '../core/cart/types';
import { lineSaving, PriceFormat, type LineFilters } from './extension-filters';
import { Money } from './Money';
import { QuantitySelector } from './QuantitySelector';

interface CartLineProps {
  readonly item: CartItem;
  /** `drawer`: a list item (the mini cart); `page`: a table row (the cart block). */
  readonly layout: 'drawer' | 'page';
  /** A quantity change or removal of this line is queued or in flight. */
  readonly pending: boolean;
  /** The line's total as shown (see `lineSubtotal`), for the page layout. */
  readonly subtotal?: string;
  readonly onQuantity: (quantity: number) => void;
  /** Called with the remove button (to move the keyboard focus before the line goes). */
  readonly onRemove: (button: HTMLButtonElement) => void;
  /** What extensions' line-item filters decided (the cart page on a page with extensions). */
  readonly filters?: LineFilters;
}

/** The chosen attributes, then what extensions list (add-on options): `display` when given. */
export function lineDetails(item: CartItem): [string, string][] {
  return [
    ...item.variation.map((v): [string, string] => [v.attribute, v.value]),
    ...item.item_data.map((d): [string, string] => [d.name, d.display]),
  ];
}

function LineImage({ item, size }: { readonly item: CartItem; readonly size: number }) {
  const image = item.images[0];
  if (image === undefined) {
    return null;
  }
  return (
    <img
      className="cart-line__image"
      src={image.thumbnail}
      alt={image.alt}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
    />
  );
}

/** The unit price; on sale, the regular price struck through before it (SPEC §3.22). */
function LinePrice({ item, format = '<price/>' }: { readonly item: CartItem; readonly format?: string }) {
  const { prices } = item;
  const onSale = prices.regular_price !== '' && prices.regular_price !== prices.price;
  return (
    <span className="cart-line__price wc-block-cart-item__prices">
      {onSale && (
        <>
          <del className="wc-block-components-product-price__regular">
            <span className="visually-hidden">Previous price: </span>
            <Money amount={prices.regular_price} format={prices} />
          </del>{' '}
          <ins className="wc-block-components-product-price__value is-discounted">
            <span className="visually-hidden">Discounted price: </span>
            <PriceFormat format={format}>
              <Money amount={prices.price} format={prices} />
            </PriceFormat>
          </ins>
        </>
      )}
      {!onSale && (
        <PriceFormat format={format}>
          <Money amount={prices.price} format={prices} />
        </PriceFormat>
      )}
    </span>
  );
}

/** Low stock and backorder notes. */
function StockNotes({ item }: { readonly item: CartItem }) {
  return (
    <>
      {item.low_stock_remaining !== null && item.low_stock_remaining > 0 && (
        <p className="cart-line__note wc-block-components-product-low-stock-badge">
          Only {item.low_stock_remaining} left in stock
        </p>
      )}
      {item.show_backorder_badge && (
        <p className="cart-line__note wc-block-components-product-backorder-badge">Available on backorder</p>
      )}
    </>
  );
}

function LineQuantity({ item, onQuantity }: { readonly item: CartItem; readonly onQuantity: (q: number) => void }) {
  const limits = item.quantity_limits;
  if (!limits.editable || item.sold_individually) {
    return <span className="cart-line__fixed-quantity">Quantity: {item.quantity}</span>;
  }
  return (
    <QuantitySelector
      productName={item.name}
      quantity={item.quantity}
      minimum={limits.minimum}
      maximum={limits.maximum}
      step={limits.multiple_of}
      onChange={onQuantity}
    />
  );
}

function RemoveButton({ name, onRemove }: { readonly name: string; readonly onRemove: (button: HTMLButtonElement) => void }) {
  return (
    <button
      type="button"
      className="cart-line__remove remove wc-block-cart-item__remove-link"
      aria-label={`Remove ${name} from cart`}
      onClick={(event) => {
        onRemove(event.currentTarget);
      }}
    >
      ×
    </button>
  );
}

/**
 * One cart line, for the mini cart and the cart block alike (SPEC §3.14): image, name linked
 * to the product, variation and add-on details (one line in the drawer, a list in the page's
 * table as on the classic cart), price, stock notes, the quantity stepper (read-only when sold
 * individually) and remove. `aria-busy` while its change is pending.
 */
/** "Save $4.00" beside a line on sale (WooCommerce's sale badge), in the filtered format. */
export function SaleBadge({ item, format }: { readonly item: CartItem; readonly format: string }) {
  const saving = lineSaving(item);
  if (saving === '0') {
    return null;
  }
  return (
    <span className="wc-block-components-product-badge wc-block-components-sale-badge cart-line__sale-badge">
      Save{' '}
      <PriceFormat format={format}>
        <Money amount={saving} format={item.prices} />
      </PriceFormat>
    </span>
  );
}

export function CartLine({ item, layout, pending, subtotal, onQuantity, onRemove, filters }: CartLineProps) {
  const details = lineDetails(item);
  const shownName = filters?.name ?? item.name;
  const name = (
    <a className="cart-line__name wc-block-components-product-name" href={item.permalink}>
      {shownName}
    </a>
  );
  const detailList = details.length > 0 && (
    <dl className="variation cart-line__details wc-block-components-product-details">
      {details.map(([key, value], i) => (
        <div key={`${key}-${String(i)}`} className="cart-line__detail">
          <dt>{key}:</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
  if (layout === 'drawer') {
    return (
      <li className="cart-line cart-line--drawer mini-cart__line wc-block-mini-cart-items__row" aria-busy={pending}>
        <LineImage item={item} size={64} />
        <div className="cart-line__details-column">
          {name}
          {details.length > 0 && (
            <p className="cart-line__details mini-cart__variation">{details.map(([key, value]) => `${key}: ${value}`).join(', ')}</p>
          )}
          <p className="cart-line__unit-price">
            <LinePrice item={item} />
          </p>
          <StockNotes item={item} />
          <LineQuantity item={item} onQuantity={onQuantity} />
        </div>
        <RemoveButton name={item.name} onRemove={onRemove} />
      </li>
    );
  }
  return (
    <tr
      className={`cart-line cart-line--page cart_item wc-block-cart-items__row${filters !== undefined && filters.className !== '' ? ` ${filters.className}` : ''}`}
      aria-busy={pending}
    >
      <td className="product-thumbnail wc-block-cart-item__image">
        <a href={item.permalink} tabIndex={-1} aria-hidden="true">
          <LineImage item={item} size={64} />
        </a>
      </td>
      <td className="product-name wc-block-cart-item__product">
        {name}{' '}
        {detailList}
        <StockNotes item={item} />
      </td>
      <td className="product-price">
        <LinePrice item={item} format={filters?.unitPriceFormat ?? '<price/>'} />
      </td>
      <td className="product-quantity wc-block-cart-item__quantity">
        <LineQuantity item={item} onQuantity={onQuantity} />
      </td>
      <td className="product-subtotal wc-block-cart-item__total" aria-busy={pending}>
        {subtotal !== undefined && (
          <PriceFormat format={filters?.totalFormat ?? '<price/>'}>
            <Money amount={subtotal} format={item.totals} />
          </PriceFormat>
        )}
        {filters?.saleBadge === true && <SaleBadge item={item} format={filters.saleBadgeFormat} />}
      </td>
      <td className="product-remove">{(filters?.showRemove ?? true) && <RemoveButton name={shownName} onRemove={onRemove} />}</td>
    </tr>
  );
}

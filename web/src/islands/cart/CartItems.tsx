import { CartLine } from '../../components/CartLine';
import { lineFilters, useExtensionHost } from '../../components/extension-filters';
import { lineSubtotal, type AddItemInput, type CartItem, type CartStore, type TaxDisplay } from '../../core';
import { useCart, useCartRuntime } from '../../core/react/useCart';
import { escapeHtml, useCartReport } from './report';

/**
 * What puts a removed line back (the undo snackbar's action): the same product or variation
 * and quantity, its chosen attributes, its add-on options (the server takes their names) and
 * whatever extension data it carried, by namespace (empty namespaces left out).
 */
function readdInput(item: CartItem): AddItemInput {
  const addons = item.item_data
    .filter((data) => data.name !== '')
    .map((data) => ({ group: data.name, option: data.value }));
  const extensions = Object.fromEntries(
    Object.entries(item.extensions).filter(
      ([, data]) => data !== null && !(typeof data === 'object' && !Array.isArray(data) && Object.keys(data).length === 0),
    ),
  );
  return {
    id: item.id,
    quantity: item.quantity,
    ...(item.variation.length > 0 && { variation: item.variation }),
    ...(addons.length > 0 && { addons }),
    ...(Object.keys(extensions).length > 0 && { extensions }),
  };
}

function undoRemoval(store: CartStore, item: CartItem, failed: (error: unknown) => void): void {
  void store.addItem(readdInput(item)).catch(failed);
}

/**
 * Where the keyboard goes when a line is removed by its button: the next line's remove
 * button, else the previous one's; with the last line gone, the empty cart's shop link
 * (once rendered).
 */
function keepFocus(button: HTMLElement): void {
  const row = button.closest('tr');
  const neighbour = row?.nextElementSibling ?? row?.previousElementSibling;
  const next = neighbour?.querySelector<HTMLElement>('.cart-line__remove');
  if (next) {
    next.focus();
    return;
  }
  const block = button.closest('.cart-block');
  requestAnimationFrame(() => {
    block?.querySelector<HTMLElement>('.return-to-shop a')?.focus();
  });
}

function ItemRow({ item, display }: { readonly item: CartItem; readonly display: TaxDisplay }) {
  const pending = useCart((s) => s.pendingKeys.includes(item.key) || s.deletingKeys.includes(item.key));
  // The line's total is the server's: the one of the last reply, dimmed while a change is pending.
  const serverLine = useCart((s) => s.serverCart?.items.find((line) => line.key === item.key));
  const store = useCartRuntime().cart;
  const report = useCartReport();
  const host = useExtensionHost();
  const cart = useCart((s) => s.cart);
  const filters = lineFilters(host, item, 'cart', cart);
  return (
    <CartLine
      item={item}
      layout="page"
      pending={pending}
      filters={filters}
      subtotal={lineSubtotal((serverLine ?? item).totals, display)}
      onQuantity={(quantity) => {
        void store.setQuantity(item.key, quantity).catch(report.failed);
      }}
      onRemove={(button) => {
        if (button.ownerDocument.activeElement === button) {
          keepFocus(button);
        }
        store.removeItem(item.key).then(
          () => {
            report.snackbar(`&ldquo;${escapeHtml(item.name)}&rdquo; was removed from your cart.`, `${item.key}-removed-by-you`, [
              {
                label: 'Undo',
                onClick: () => {
                  undoRemoval(store, item, report.failed);
                },
              },
            ]);
          },
          report.failed,
        );
      }}
    />
  );
}

/** The cart's lines (SPEC §2.5 cart items), laid out as the classic cart's table. */
export function CartItems({ items, display }: { readonly items: readonly CartItem[]; readonly display: TaxDisplay }) {
  return (
    <table className="shop_table cart woocommerce-cart-form__contents wc-block-cart-items wp-block-woocommerce-cart-line-items-block">
      <thead>
        <tr>
          <th className="product-thumbnail">
            <span className="visually-hidden">Thumbnail image</span>
          </th>
          <th className="product-name" scope="col">
            Product
          </th>
          <th className="product-price" scope="col">
            Price
          </th>
          <th className="product-quantity" scope="col">
            Quantity
          </th>
          <th className="product-subtotal" scope="col">
            Subtotal
          </th>
          <th className="product-remove">
            <span className="visually-hidden">Remove item</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <ItemRow key={item.key} item={item} display={display} />
        ))}
      </tbody>
    </table>
  );
}

// An inner block area of the cart or checkout (issue 25, SPEC §5.4): where the blocks
// extensions register with `registerCheckoutBlock({metadata: {name, parent}, component})`
// render. WooCommerce places a registered block where the merchant put it in the page editor
// (or, when it is locked in, at the end of its area); Mercato's checkout has no editor layout,
// so each block renders at the end of its area, in the order the blocks were registered, each
// in a boundary of its own. The props are WooCommerce's (its checkout block's wrapper):
// `extensions`, `cart` (as `useStoreCart()` gives it), `checkoutExtensionData`
// (`extensionData`, `setExtensionData(namespace, key, value)`), `validation`, and the
// block's attribute defaults from `metadata.attributes`, also as `attributes`.

import { cloneElement, createElement, isValidElement, Suspense, useContext, useSyncExternalStore, type ComponentType, type ReactElement } from 'react';
import { useStore } from 'zustand';
import type { StoreCart } from '../core/cart/types';
import { slotCartForExtensions } from '../registry/cart-shapes';
import type { CheckoutBlock, ExtensionHost } from '../registry/host';
import { ExtensionBoundary } from './ExtensionBoundary';
import { ExtensionHostContext } from './extension-filters';

const noHost = (): (() => void) => () => undefined;
const NO_BLOCKS: readonly CheckoutBlock[] = [];

/** The defaults of a block's declared attributes (`{name: {type, default}}`). */
function attributeDefaults(attributes: unknown): Record<string, unknown> {
  if (typeof attributes !== 'object' || attributes === null) {
    return {};
  }
  return Object.fromEntries(
    Object.entries(attributes).flatMap(([name, spec]) =>
      typeof spec === 'object' && spec !== null && 'default' in spec ? [[name, (spec as { default: unknown }).default]] : [],
    ),
  );
}

function renderBlock(block: CheckoutBlock, props: Record<string, unknown>): ReactElement | null {
  const { component } = block;
  if (isValidElement(component)) {
    return cloneElement(component as ReactElement<Record<string, unknown>>, props);
  }
  if (typeof component === 'function' || (typeof component === 'object' && component !== null)) {
    return createElement(component as ComponentType<Record<string, unknown>>, props);
  }
  return null;
}

function useBlockProps(host: ExtensionHost, cart: StoreCart | null): Record<string, unknown> {
  const { checkout, validation } = host.stores();
  const extensionData = useStore(checkout, (s) => s.extensionData);
  useStore(validation, (s) => s.errors);
  return {
    extensions: cart?.extensions ?? {},
    cart: slotCartForExtensions(cart),
    checkoutExtensionData: {
      extensionData,
      setExtensionData: (namespace: string, key: string, value: unknown) => {
        checkout.setExtensionData(namespace, { [key]: value });
      },
    },
    validation: {
      hasValidationErrors: () => validation.hasValidationErrors(),
      getValidationError: (id: string) => validation.getValidationError(id),
      getValidationErrorId: (id: string) => `validate-error-${id}`,
      setValidationErrors: (errors: Record<string, { message: string; hidden?: boolean }>) => {
        validation.setValidationErrors(errors);
      },
      clearValidationError: (id: string) => {
        validation.clearValidationError(id);
      },
      hideValidationError: (id: string) => {
        validation.hideValidationError(id);
      },
      showValidationError: (id: string) => {
        validation.showValidationError(id);
      },
    },
  };
}

export function InnerBlockArea({ area, cart }: { readonly area: string; readonly cart: StoreCart | null }) {
  const host = useContext(ExtensionHostContext);
  const blocks = useSyncExternalStore(host?.subscribe ?? noHost, () => host?.blocks(area) ?? NO_BLOCKS);
  if (host === null || blocks.length === 0) {
    return null;
  }
  return <Blocks host={host} area={area} blocks={blocks} cart={cart} />;
}

function Blocks({ host, area, blocks, cart }: { readonly host: ExtensionHost; readonly area: string; readonly blocks: readonly CheckoutBlock[]; readonly cart: StoreCart | null }) {
  const props = useBlockProps(host, cart);
  return (
    <div className="wc-block-components-inner-block-area" data-inner-block-area={area}>
      {blocks.map((block) => {
        const attributes = attributeDefaults((block.metadata as { attributes?: unknown }).attributes);
        return (
          <div key={block.metadata.name} className={`wp-block-${block.metadata.name.replace(/\//g, '-')}`} data-block-name={block.metadata.name}>
            <ExtensionBoundary source={block.metadata.name} report={host.reportError}>
              <Suspense fallback={null}>{renderBlock(block, { ...attributes, attributes, ...props })}</Suspense>
            </ExtensionBoundary>
          </div>
        );
      })}
    </div>
  );
}

// A named slot (`ExperimentalOrderMeta`...) where extensions' fills render (issue 25,
// frontend.md §1.5): each fill's children get the slot's fill props, inside a boundary of its
// own. Nothing is rendered on a page without extensions (no host).

import { Children, cloneElement, isValidElement, useSyncExternalStore, type ReactElement } from 'react';
import type { ExtensionHost } from '../registry/host';
import { ExtensionBoundary } from './ExtensionBoundary';

export interface ExtensionSlotProps {
  readonly host: ExtensionHost | null;
  /** The slot's name as WooCommerce exports it, e.g. `ExperimentalOrderMeta`. */
  readonly name: string;
  readonly fillProps: Readonly<Record<string, unknown>>;
  readonly className?: string;
}

const noHost = (): (() => void) => () => undefined;
const EMPTY: readonly never[] = [];

export function ExtensionSlot({ host, name, fillProps, className }: ExtensionSlotProps) {
  const fills = useSyncExternalStore(host?.subscribe ?? noHost, () => host?.fills(name) ?? EMPTY);
  if (host === null || fills.length === 0) {
    return null;
  }
  return (
    <div className={className ?? 'wc-block-components-order-meta'} data-slot={name}>
      {fills.map((fill) => (
        <ExtensionBoundary key={fill.id} source={fill.plugin} report={host.reportError}>
          {Children.map(fill.children as ReactElement | ReactElement[], (child) =>
            isValidElement(child) && typeof child.type !== 'string' ? cloneElement(child as ReactElement<object>, fillProps) : child,
          )}
        </ExtensionBoundary>
      ))}
    </div>
  );
}

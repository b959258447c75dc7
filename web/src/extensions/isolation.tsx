// Isolation (issue 25): extension elements and callbacks, wrapped so that a throw is reported
// through the host (on the page for staff, SPEC §6; the console for everyone) and breaks
// neither the checkout nor the other extensions.

import { createElement, type ComponentType, type ReactNode } from 'react';
import { ExtensionBoundary } from '../components/ExtensionBoundary';
import type { ExtensionHost } from '../registry/host';
import { toCurrentElements } from './legacy-elements';

/**
 * An element the checkout can render and clone with props in place of an extension's element:
 * the props the checkout gives go to a clone of the extension's element (converted to React 19
 * elements), inside a boundary.
 */
export function isolatedElement(element: unknown, source: string, host: ExtensionHost): ReactNode {
  const current = toCurrentElements(element) as ReactNode;
  if (typeof current !== 'object' || current === null || !('props' in current)) {
    return current;
  }
  const Guarded: ComponentType<Record<string, unknown>> = (props) =>
    createElement(
      ExtensionBoundary,
      { source, report: host.reportError },
      Object.keys(props).length === 0 ? current : toCurrentElements(cloneWithProps(current, props)),
    );
  Guarded.displayName = `Extension(${source})`;
  return createElement(Guarded);
}

/**
 * The props a plain HTML element can take of those the checkout gives (an extension whose
 * content is a bare `<button>`, as the example's express method): its event handlers
 * the DOM knows (`onClick`...) and `disabled`; the rest (`onPay`, `billing`, `eventRegistration`,
 * `activePaymentMethod`...) are no HTML attributes.
 */
function domProps(props: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(props).filter(
      ([name, value]) =>
        (typeof value === 'function' && /^on[A-Z]/.test(name) && name.toLowerCase() in HTMLElement.prototype) || (name === 'disabled' && typeof value === 'boolean'),
    ),
  );
}

function cloneWithProps(element: ReactNode, props: Record<string, unknown>): ReactNode {
  const target = element as unknown as { type: ComponentType | string; props: Record<string, unknown>; key: string | null };
  const given = typeof target.type === 'string' ? domProps(props) : props;
  return createElement(target.type, { ...target.props, ...given, ...(target.key !== null && { key: target.key }) });
}

/** Calls an extension's function; a throw is reported and gives `fallback`. */
export function guarded<A extends unknown[], R>(source: string, host: ExtensionHost, fn: (...args: A) => R, fallback: R): (...args: A) => R {
  return (...args: A) => {
    try {
      return fn(...args);
    } catch (error) {
      host.reportError(source, error);
      return fallback;
    }
  };
}

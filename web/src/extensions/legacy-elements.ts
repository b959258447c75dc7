// React 18 elements under the shop's React 19 (issue 25). Vendors' bundles that embed React
// 18's JSX runtime do two things React 19 refuses:
//
// 1. at load, they read `React.__SECRET_INTERNALS_DO_NOT_USE_OR_YOU_WILL_BE_FIRED.ReactCurrentOwner`
//    (gone in React 19): `reactGlobal()` gives `window.React` that object, with inert values
//    (React 19 ignores an element's `_owner`);
// 2. they make elements branded `Symbol.for('react.element')`, which React 19 rejects when it
//    renders them (its error 525). WordPress met this and patched React itself; Mercato does
//    not patch React: wherever an extension hands the checkout an element (a registration, a
//    filter's value, a slot fill, a component's output), `toCurrentElements` rebuilds legacy
//    elements with React 19's `createElement`, and gives their component types a wrapper that
//    does the same with what they render, so a tree made by the old runtime is converted as it
//    renders, at every depth. Wrappers are cached per type, so a component keeps its identity
//    (and its state) from one render to the next.

import * as React from 'react';
import type { ComponentType, ReactNode } from 'react';

const LEGACY_ELEMENT = Symbol.for('react.element');
const CURRENT_ELEMENT = Symbol.for('react.transitional.element');
const FORWARD_REF = Symbol.for('react.forward_ref');
const MEMO = Symbol.for('react.memo');

interface ElementShape {
  $$typeof: symbol;
  type: unknown;
  key: string | null;
  ref?: unknown;
  props: Record<string, unknown>;
}

function isElementShape(value: unknown): value is ElementShape {
  if (typeof value !== 'object' || value === null) {
    return false;
  }
  const brand = (value as { $$typeof?: unknown }).$$typeof;
  return brand === LEGACY_ELEMENT || brand === CURRENT_ELEMENT;
}

/** Whether `value` is an element made by React 18 (or 17). */
export function isLegacyElement(value: unknown): boolean {
  return isElementShape(value) && value.$$typeof === LEGACY_ELEMENT;
}

const wrappedTypes = new WeakMap<object, unknown>();

function isClassComponent(type: unknown): type is React.ComponentClass {
  return typeof type === 'function' && (type as { prototype?: { isReactComponent?: unknown } }).prototype?.isReactComponent !== undefined;
}

/** The component type React 19 should render for `type`: the same for host tags, a converting wrapper for components. */
function currentType(type: unknown): unknown {
  if (typeof type !== 'function' && (typeof type !== 'object' || type === null)) {
    return type;
  }
  const cached = wrappedTypes.get(type);
  if (cached !== undefined) {
    return cached;
  }
  let wrapped: unknown = type;
  const name = (type as { displayName?: string; name?: string }).displayName ?? (type as { name?: string }).name ?? 'Component';
  if (isClassComponent(type)) {
    const Base = type as unknown as new (props: object) => React.Component & { render(): ReactNode };
    class Converted extends Base {
      override render(): ReactNode {
        return toCurrentElements(super.render());
      }
    }
    Object.defineProperty(Converted, 'displayName', { value: name, configurable: true });
    wrapped = Converted;
  } else if (typeof type === 'function') {
    const render = type as (props: object) => unknown;
    const Converted = (props: object): ReactNode => toCurrentElements(render(props)) as ReactNode;
    // A function component may carry statics the extension reads back.
    Object.assign(Converted, type);
    Object.defineProperty(Converted, 'displayName', { value: name, configurable: true });
    wrapped = Converted;
  } else {
    const brand = (type as { $$typeof?: unknown }).$$typeof;
    if (brand === FORWARD_REF) {
      const inner = (type as { render: (props: object, ref: unknown) => unknown }).render;
      wrapped = React.forwardRef((props: object, ref) => toCurrentElements(inner(props, ref)) as ReactNode);
    } else if (brand === MEMO) {
      const inner = (type as { type: unknown; compare?: (a: object, b: object) => boolean }).type;
      wrapped = React.memo(currentType(inner) as ComponentType<object>, (type as { compare?: (a: object, b: object) => boolean }).compare);
    }
  }
  wrappedTypes.set(type, wrapped);
  return wrapped;
}

function convertValue(value: unknown, depth: number): unknown {
  if (Array.isArray(value)) {
    const items = value.map((item: unknown) => convertValue(item, depth));
    return items.some((item, i) => item !== (value as unknown[])[i]) ? items : value;
  }
  return isElementShape(value) ? convertElement(value, depth) : value;
}

function convertElement(element: ElementShape, depth: number): unknown {
  if (depth > 64) {
    return element;
  }
  const type = currentType(element.type);
  let propsChanged = false;
  const props: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(element.props)) {
    const next = convertValue(value, depth + 1);
    propsChanged ||= next !== value;
    props[name] = next;
  }
  if (element.$$typeof === CURRENT_ELEMENT && type === element.type && !propsChanged) {
    return element;
  }
  // React 18 kept `ref` beside the props; React 19 reads it from the props.
  const legacyRef = element.$$typeof === LEGACY_ELEMENT ? element.ref : undefined;
  const config: Record<string, unknown> = { ...props };
  if (element.key !== null) {
    config.key = element.key;
  }
  if (legacyRef !== undefined && legacyRef !== null) {
    config.ref = legacyRef;
  }
  const { children, ...rest } = config;
  return children === undefined
    ? React.createElement(type as ComponentType, rest)
    : React.createElement(type as ComponentType, rest, ...(Array.isArray(children) ? children : [children]) as ReactNode[]);
}

/**
 * `node` with every element React 19 can render: legacy elements rebuilt, components wrapped so
 * that what they render is converted too. Anything else is returned as it is.
 */
export function toCurrentElements<T>(node: T): T {
  return convertValue(node, 0) as T;
}

/** What React 18 runtimes read from React at load: inert, React 19 does not use them. */
function legacyInternals(): Record<string, unknown> {
  return {
    ReactCurrentOwner: { current: null },
    ReactCurrentDispatcher: { current: null },
    ReactCurrentBatchConfig: { transition: null },
    ReactCurrentActQueue: { current: null },
    ReactDebugCurrentFrame: {
      getCurrentStack: null,
      getStackAddendum: () => '',
      setExtraStackFrame: () => undefined,
    },
  };
}

/** `window.React`: the shop's React, with the React 18 internals old runtimes read at load. */
export function reactGlobal(): typeof React & { __SECRET_INTERNALS_DO_NOT_USE_OR_YOU_WILL_BE_FIRED: Record<string, unknown> } {
  return { ...React, __SECRET_INTERNALS_DO_NOT_USE_OR_YOU_WILL_BE_FIRED: legacyInternals() };
}

// Runtime checks of untrusted JSON against the generated Store API types. A check is a
// function that returns the path of the first value that does not fit ('' when everything
// fits), so a test can say where a reply went wrong; `fits` turns it into a type guard.
//
// `object(shape)` takes one check per key of the generated type, and the `Shape` type makes
// that list complete: a field added on the Rust side (and so in storeapi.generated.ts) fails
// type-checking here until it is checked too.

import { isRecord } from '../../lib/guards';

/** Checks `value`; returns the path of the first misfit, or '' when it fits `T`. */
export interface Check<T> {
  (value: unknown, path: string): string;
  /** Phantom: the type this check proves. */
  readonly proves?: T;
  /** The key may be absent (`key?: T` in the generated type). */
  readonly optional?: true;
}

/** One check per key of `T`, none missing. */
export type Shape<T> = { readonly [K in keyof T]-?: Check<T[K]> };

const primitive =
  (kind: 'string' | 'number' | 'boolean') =>
  (value: unknown, path: string): string =>
    typeof value === kind && (kind !== 'number' || Number.isFinite(value)) ? '' : path || '(root)';

export const string: Check<string> = primitive('string');
export const number: Check<number> = primitive('number');
export const boolean: Check<boolean> = primitive('boolean');

/** `T | null`. */
export function nullable<T>(check: Check<T>): Check<T | null> {
  return (value, path) => (value === null ? '' : check(value, path));
}

/** A key that may be absent; when present it must fit `check`. */
export function optional<T>(check: Check<T>): Check<T> {
  const checked = (value: unknown, path: string): string => (value === undefined ? '' : check(value, path));
  return Object.assign(checked, { optional: true as const });
}

/** `T[]`. */
export function array<T>(check: Check<T>): Check<T[]> {
  return (value, path) => {
    if (!Array.isArray(value)) {
      return path || '(root)';
    }
    for (const [index, entry] of value.entries()) {
      const misfit = check(entry, `${path}[${index}]`);
      if (misfit !== '') {
        return misfit;
      }
    }
    return '';
  };
}

/** `Record<string, T>`. */
export function record<T>(check: Check<T>): Check<Record<string, T>> {
  return (value, path) => {
    if (!isRecord(value)) {
      return path || '(root)';
    }
    for (const [key, entry] of Object.entries(value)) {
      const misfit = check(entry, `${path}.${key}`);
      if (misfit !== '') {
        return misfit;
      }
    }
    return '';
  };
}

/** One of two checks (`A | B`). */
export function either<A, B>(first: Check<A>, second: Check<B>): Check<A | B> {
  return (value, path) => (first(value, path) === '' ? '' : second(value, path));
}

/** An object with every key of `shape` (extra keys are allowed: the server may add fields). */
export function object<T>(shape: Shape<T>): Check<T> {
  const entries = Object.entries<Check<unknown>>(shape);
  return (value, path) => {
    if (!isRecord(value)) {
      return path || '(root)';
    }
    for (const [key, check] of entries) {
      const at = path === '' ? key : `${path}.${key}`;
      if (!(key in value) && check.optional !== true) {
        return at;
      }
      const misfit = check(value[key], at);
      if (misfit !== '') {
        return misfit;
      }
    }
    return '';
  };
}

/** A type guard from a check. */
export function fits<T>(check: Check<T>, value: unknown): value is T {
  return check(value, '') === '';
}

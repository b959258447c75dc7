/** True for a plain JSON object (not null, not an array): the shape of island props. */
export function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `value` when it is a plain object, else `{}`: reading an absent or malformed part of
 * untrusted JSON gives nothing instead of throwing. */
export function asRecord(value: unknown): Readonly<Record<string, unknown>> {
  return isRecord(value) ? value : {};
}

import { isRecord } from '../../lib/guards';

export interface StoreNoticeProps {
  /** The notice's id; dismissal is remembered per id, so a new notice shows again. */
  readonly id: string;
  /** Plain text. */
  readonly text: string;
}

// The id becomes part of a cookie name, so it must be a cookie-name-safe token.
const NOTICE_ID = /^[A-Za-z0-9_-]+$/;

/** Checks the server's props; throws a TypeError naming the bad field. */
export function parseStoreNoticeProps(value: unknown): StoreNoticeProps {
  if (!isRecord(value)) {
    throw new TypeError('store-notice: props must be an object');
  }
  const { id, text } = value;
  if (typeof id !== 'string' || !NOTICE_ID.test(id)) {
    throw new TypeError('store-notice: props.id must be a non-empty string of letters, digits, "_" or "-"');
  }
  if (typeof text !== 'string') {
    throw new TypeError('store-notice: props.text must be a string');
  }
  return { id, text };
}

/** SPEC §9.1: 'store_notice' followed by the notice id, set to 'hidden', path '/'. */
export function dismissalCookieName(id: string): string {
  return `store_notice${id}`;
}

import { createRoot } from 'react-dom/client';
import { setCookie } from '../../lib/cookies';
import type { IslandCleanup } from '../types';
import { dismissalCookieName, parseStoreNoticeProps } from './props';
import { StoreNotice } from './StoreNotice';

/**
 * Replaces the server's no-JS dismiss link with a button. Dismissing sets a session cookie
 * (as WooCommerce does) and hides the banner; the server leaves the notice out of later pages
 * while the cookie is there.
 */
export function mount(el: HTMLElement, props: unknown): IslandCleanup {
  const { id, text } = parseStoreNoticeProps(props);
  const dismiss = () => {
    setCookie(dismissalCookieName(id), 'hidden');
    el.hidden = true;
  };
  const root = createRoot(el);
  root.render(<StoreNotice text={text} onDismiss={dismiss} />);
  return () => {
    root.unmount();
  };
}

import { NoticeList } from '../../components/NoticeList';
import type { NoticeContext } from '../../core';
import { useCartRuntime, useNotices } from '../../core/react/useCart';

/** One notice area of the checkout (SPEC §2.9). */
export function NoticeArea({ context }: { readonly context: NoticeContext }) {
  const notices = useNotices(context);
  const store = useCartRuntime().notices;
  return <NoticeList notices={notices} store={store} className={`checkout-notices checkout-notices--${context.replaceAll('/', '-')}`} />;
}

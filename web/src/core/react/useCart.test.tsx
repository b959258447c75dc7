import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStoreApiClient } from '../cart/api';
import { createNonceStore } from '../cart/nonce';
import { createCartStore, type CartStore } from '../cart/store';
import { createNoticeStore, type NoticeStore } from '../notices';
import { makeCart, makeItem } from '../testing/fakeStoreApi';
import { useCart, useNotices } from './useCart';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Count({ store }: { store: CartStore }) {
  const count = useCart((state) => state.cart?.items_count ?? 0, store);
  return <p>{count} items</p>;
}

function CartNotices({ notices }: { notices: NoticeStore }) {
  const list = useNotices('wc/cart', notices);
  return (
    <ul>
      {list.map((notice) => (
        <li key={notice.id}>{notice.content}</li>
      ))}
    </ul>
  );
}

let container: HTMLElement;
let unmount: () => void;

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
});

afterEach(() => {
  act(() => {
    unmount();
  });
  container.remove();
});

function render(node: ReactNode): void {
  const root = createRoot(container);
  act(() => {
    root.render(node);
  });
  unmount = () => {
    root.unmount();
  };
}

describe('useCart', () => {
  it('shows the store and follows its changes', () => {
    const nonce = createNonceStore(null);
    const api = createStoreApiClient({ nonce, fetch: () => Promise.reject(new Error('offline')) });
    const store = createCartStore({ api, initialCart: makeCart([makeItem('a', 2)]) });
    render(<Count store={store} />);
    expect(container.textContent).toBe('2 items');

    act(() => {
      store.applyServerCart(makeCart([makeItem('a', 2), makeItem('b', 3)]), 'h');
    });
    expect(container.textContent).toBe('5 items');
    nonce.stop();
  });
});

describe('useNotices', () => {
  it('lists the notices of one context', () => {
    const notices = createNoticeStore();
    render(<CartNotices notices={notices} />);
    act(() => {
      notices.createNotice('info', 'In the cart', { context: 'wc/cart' });
      notices.createNotice('info', 'Elsewhere');
    });
    expect([...container.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['In the cart']);
    notices.stop();
  });
});

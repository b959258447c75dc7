import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SNACKBAR_TIMEOUT_MS, createNoticeStore, groupNotices, type NoticeStore } from './notices';
import { sanitizeNoticeHtml } from './sanitize';

let notices: NoticeStore;

beforeEach(() => {
  vi.useFakeTimers();
  notices = createNoticeStore();
});

afterEach(() => {
  notices.stop();
  vi.useRealTimers();
});

const contents = (context = 'global') => notices.noticesOf(context).map((notice) => notice.content);

describe('createNotice / removeNotice', () => {
  it('adds notices to their context with the SPEC §3.20 defaults', () => {
    const id = notices.createNotice('error', 'Coupon expired.', { context: 'wc/cart' });
    expect(notices.noticesOf('wc/cart')).toEqual([
      {
        id,
        status: 'error',
        content: 'Coupon expired.',
        context: 'wc/cart',
        type: 'default',
        isDismissible: true,
        explicitDismiss: false,
        actions: [],
        icon: null,
      },
    ]);
    expect(notices.noticesOf()).toEqual([]);
  });

  it('replaces a notice with the same id in the same context, and removes by id', () => {
    notices.createNotice('info', 'first', { id: 'x' });
    notices.createNotice('info', 'second', { id: 'x' });
    notices.createNotice('info', 'other context', { id: 'x', context: 'wc/checkout' });
    expect(contents()).toEqual(['second']);

    notices.removeNotice('x');
    expect(contents()).toEqual([]);
    expect(contents('wc/checkout')).toEqual(['other context']);
  });
});

describe('groupNotices', () => {
  it('groups dismissible notices by status without duplicate contents; others stand alone', () => {
    notices.createNotice('error', 'Email is invalid.', { id: 'e1' });
    notices.createNotice('success', 'Coupon applied.', { id: 's1' });
    notices.createNotice('error', 'Postcode is invalid.', { id: 'e2' });
    notices.createNotice('error', 'Email is invalid.', { id: 'e3' });
    notices.createNotice('error', 'Out of stock.', { id: 'e4', isDismissible: false });

    const groups = groupNotices(notices.noticesOf());
    expect(groups.map((group) => [group.status, group.notices.map((n) => n.content), group.ids])).toEqual([
      ['error', ['Email is invalid.', 'Postcode is invalid.'], ['e1', 'e2', 'e3']],
      ['success', ['Coupon applied.'], ['s1']],
      ['error', ['Out of stock.'], ['e4']],
    ]);

    // Dismissing the group removes all of it, duplicates included.
    notices.removeNotices(groups[0]?.ids ?? []);
    expect(contents()).toEqual(['Coupon applied.', 'Out of stock.']);
  });
});

describe('snackbars', () => {
  it('go away after 10 seconds, unless marked explicitDismiss', () => {
    notices.createNotice('info', 'Quantity changed.', { type: 'snackbar', context: 'wc/cart' });
    notices.createNotice('info', 'Stays.', { type: 'snackbar', context: 'wc/cart', explicitDismiss: true });

    vi.advanceTimersByTime(SNACKBAR_TIMEOUT_MS - 1);
    expect(contents('wc/cart')).toEqual(['Quantity changed.', 'Stays.']);
    vi.advanceTimersByTime(1);
    expect(contents('wc/cart')).toEqual(['Stays.']);
  });

  it('restart their 10 seconds when replaced by a notice of the same id', () => {
    notices.createNotice('info', 'one', { id: 'q', type: 'snackbar' });
    vi.advanceTimersByTime(6000);
    notices.createNotice('info', 'two', { id: 'q', type: 'snackbar' });
    vi.advanceTimersByTime(6000);
    expect(contents()).toEqual(['two']);
    vi.advanceTimersByTime(4000);
    expect(contents()).toEqual([]);
  });

  it('dismissing one removes it and every snackbar not marked explicitDismiss', () => {
    notices.createNotice('info', 'a', { id: 'a', type: 'snackbar' });
    notices.createNotice('info', 'b', { id: 'b', type: 'snackbar', explicitDismiss: true });
    notices.createNotice('info', 'c', { id: 'c', type: 'snackbar' });
    notices.createNotice('error', 'banner', { id: 'd' });
    notices.createNotice('info', 'elsewhere', { id: 'e', type: 'snackbar', context: 'wc/cart' });

    notices.dismissSnackbar('a');
    expect(contents()).toEqual(['b', 'banner']);
    expect(contents('wc/cart')).toEqual(['elsewhere']);

    notices.dismissSnackbar('b');
    expect(contents()).toEqual(['banner']);
  });
});

describe('sanitizeNoticeHtml', () => {
  it('keeps the SPEC §5.8 tags and attributes', () => {
    const html =
      '<p><strong>Coupon</strong> <em>applied</em>, <b>see</b> <i>the</i><br><a href="/cart/" target="_blank" rel="noopener" name="n" download="x">cart</a></p>';
    expect(sanitizeNoticeHtml(html)).toBe(html);
  });

  it('drops every other tag, attribute and script, keeping the text', () => {
    expect(
      sanitizeNoticeHtml(
        '<div class="x" style="color:red" data-id="1" aria-label="l" onclick="steal()"><span>Out</span> of <u>stock</u><script>steal()</script><img src=x onerror=steal()></div>',
      ),
    ).toBe('Out of stock');
    expect(sanitizeNoticeHtml('<a href="javascript:steal()" title="t">link</a>')).toBe('<a>link</a>');
  });
});

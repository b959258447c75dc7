import { useEffect, useRef } from 'react';
import { groupNotices, type Notice, type NoticeStore } from '../core/notices';
import { sanitizeNoticeHtml } from '../core/sanitize';

interface NoticeListProps {
  /** The notices of one area (SPEC §2.9), snackbars included: only banners are shown here. */
  readonly notices: readonly Notice[];
  /** The store, to dismiss a group. */
  readonly store: NoticeStore;
  readonly className?: string;
}

/** SPEC §4.5's first reading: a text input, a select, a button or a textarea has the focus. */
function inField(el: Element | null): boolean {
  if (el instanceof HTMLInputElement) {
    return el.type !== 'radio' && el.type !== 'checkbox';
  }
  return el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement || el instanceof HTMLButtonElement;
}

/**
 * The banners of a notice area (SPEC §4.5, §8.6): dismissible notices grouped by status with
 * duplicates shown once, errors as alerts, the rest as status messages. Notice HTML is cut to
 * SPEC §5.8's allowlist. New notices scroll into view unless the shopper is in a field.
 * Snackbars are shown by the page's snackbar list, not here.
 */
export function NoticeList({ notices, store, className }: NoticeListProps) {
  const list = useRef<HTMLDivElement>(null);
  const banners = notices.filter((notice) => notice.type !== 'snackbar');
  const count = banners.length;
  useEffect(() => {
    if (count > 0 && !inField(document.activeElement)) {
      list.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
    }
  }, [count]);
  if (count === 0) {
    return null;
  }
  return (
    <div className={`wc-block-components-notices${className === undefined ? '' : ` ${className}`}`} ref={list}>
      {groupNotices(banners).map((group) => (
        <div
          key={group.ids.join(' ')}
          className={`notice notice--${group.status === 'error' ? 'error' : group.status === 'success' ? 'success' : 'info'}`}
          role={group.status === 'error' ? 'alert' : 'status'}
        >
          {group.notices.map((notice) => (
            <div
              key={notice.id}
              className="notice__content"
              // Notice HTML is cut to SPEC §5.8's allowlist (a, b, em, i, strong, p, br).
              dangerouslySetInnerHTML={{ __html: sanitizeNoticeHtml(notice.content) }}
            />
          ))}
          {group.isDismissible && (
            <button
              type="button"
              className="notice__dismiss"
              aria-label="Dismiss this notice"
              onClick={() => {
                const context = group.notices[0]?.context ?? 'global';
                store.removeNotices(group.ids, context);
              }}
            >
              ×
            </button>
          )}
        </div>
      ))}
    </div>
  );
}

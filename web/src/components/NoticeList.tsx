import { useEffect, useRef, useState } from 'react';
import { groupNotices, type Notice, type NoticeStore } from '../core/notices';

type Sanitise = (html: string) => string;

let sanitiser: Promise<Sanitise> | null = null;

/**
 * The notice sanitiser (DOMPurify, 11 KB gzip), loaded with the first banner rather than with
 * the island, so a cart page without notices does not download it.
 */
function useSanitiser(wanted: boolean): Sanitise | null {
  const [loaded, setLoaded] = useState<{ sanitise: Sanitise } | null>(null);
  useEffect(() => {
    if (!wanted || loaded !== null) {
      return;
    }
    let live = true;
    sanitiser ??= import('../core/sanitize').then((module) => module.sanitizeNoticeHtml);
    sanitiser.then(
      (sanitise) => {
        if (live) {
          setLoaded({ sanitise });
        }
      },
      () => {
        // Retried with the next notice.
        sanitiser = null;
      },
    );
    return () => {
      live = false;
    };
  }, [wanted, loaded]);
  return loaded?.sanitise ?? null;
}

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
 * SPEC §5.8's allowlist (the sanitiser loads with the first banner). New notices scroll into view unless the shopper is in a field.
 * Snackbars are shown by the page's snackbar list, not here.
 */
export function NoticeList({ notices, store, className }: NoticeListProps) {
  const list = useRef<HTMLDivElement>(null);
  const banners = notices.filter((notice) => notice.type !== 'snackbar');
  const count = banners.length;
  const sanitise = useSanitiser(count > 0);
  const ready = sanitise !== null;
  useEffect(() => {
    if (ready && count > 0 && !inField(document.activeElement)) {
      const el = list.current;
      // jsdom (the unit tests) has no scrollIntoView; every browser has.
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
      el?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
    }
  }, [count, ready]);
  if (count === 0 || sanitise === null) {
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
              dangerouslySetInnerHTML={{ __html: sanitise(notice.content) }}
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

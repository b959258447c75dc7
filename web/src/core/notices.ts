// One notice store for every notice area (SPEC §2.9, §3.20, §4.5, §8.6). Islands render the
// notices of their context; vanilla code and the cart core create them. The notice content is
// HTML: render it through `sanitizeNoticeHtml` (./sanitize.ts), which is kept out of this
// module so that pages without notices do not download DOMPurify.

import { createStore, type StoreApi } from 'zustand/vanilla';

/** SPEC §3.20. */
export type NoticeStatus = 'success' | 'info' | 'error' | 'warning' | 'default';

/** A banner in its area, or a snackbar that goes away by itself. */
export type NoticeType = 'default' | 'snackbar';

/** SPEC §2.9: the notice areas. Any other string works too; "global" is the default. */
export type NoticeContext =
  | 'global'
  | 'wc/cart'
  | 'wc/checkout'
  | 'wc/checkout/payments'
  | 'wc/checkout/express-payments'
  | 'wc/checkout/contact-information'
  | 'wc/checkout/shipping-address'
  | 'wc/checkout/billing-address'
  | 'wc/checkout/shipping-methods'
  | 'wc/checkout/checkout-actions'
  | (string & {});

/** A button or link offered with a notice. */
export interface NoticeAction {
  label: string;
  url?: string;
  onClick?: () => void;
}

/** A notice (SPEC §3.20). `content` is HTML. */
export interface Notice {
  id: string;
  status: NoticeStatus;
  content: string;
  context: NoticeContext;
  type: NoticeType;
  isDismissible: boolean;
  /** A snackbar that only its own dismissal removes (not its timer, not another's dismissal). */
  explicitDismiss: boolean;
  actions: NoticeAction[];
  icon: string | null;
}

/** Options of [NoticeStore.createNotice]. */
export interface NoticeOptions {
  /** A notice with the same id in the same context is replaced. */
  id?: string;
  context?: NoticeContext;
  type?: NoticeType;
  isDismissible?: boolean;
  explicitDismiss?: boolean;
  actions?: NoticeAction[];
  icon?: string | null;
}

/** The notice store's state: every notice, oldest first. */
export interface NoticesState {
  notices: Notice[];
}

/** Notices shown together: one dismissible group per status, or a single notice. */
export interface NoticeGroup {
  status: NoticeStatus;
  isDismissible: boolean;
  /** The notices to show, duplicate contents removed. */
  notices: Notice[];
  /** Every id in the group, duplicates included: dismissing the group removes them all. */
  ids: string[];
}

/** SPEC §4.5: snackbars leave after 10 s. */
export const SNACKBAR_TIMEOUT_MS = 10_000;

/** The notice store and its actions. */
export interface NoticeStore {
  /** The zustand store (`getState`, `subscribe`). */
  store: StoreApi<NoticesState>;
  /** Adds a notice (or replaces the one with its id in its context); returns its id. */
  createNotice(status: NoticeStatus, content: string, options?: NoticeOptions): string;
  /** Removes a notice. */
  removeNotice(id: string, context?: NoticeContext): void;
  /** Removes several notices at once (dismissing a group). */
  removeNotices(ids: readonly string[], context?: NoticeContext): void;
  /**
   * The shopper dismissed snackbar `id`: it goes, and so does every other snackbar of its
   * context that is not marked `explicitDismiss` (SPEC §4.5).
   */
  dismissSnackbar(id: string, context?: NoticeContext): void;
  /** The notices of one context, oldest first. */
  noticesOf(context?: NoticeContext): Notice[];
  /** Cancels the snackbar timers. */
  stop(): void;
}

/**
 * SPEC §4.5/§8.6: dismissible notices of the same status make one group, with duplicate
 * contents shown once; other notices stand alone. Groups keep the order of their first notice.
 * Snackbars are not grouped: pass banners (`type: 'default'`) only.
 */
export function groupNotices(notices: readonly Notice[]): NoticeGroup[] {
  const groups: NoticeGroup[] = [];
  const byStatus = new Map<NoticeStatus, NoticeGroup>();
  for (const notice of notices) {
    if (!notice.isDismissible) {
      groups.push({ status: notice.status, isDismissible: false, notices: [notice], ids: [notice.id] });
      continue;
    }
    let group = byStatus.get(notice.status);
    if (group === undefined) {
      group = { status: notice.status, isDismissible: true, notices: [], ids: [] };
      byStatus.set(notice.status, group);
      groups.push(group);
    }
    group.ids.push(notice.id);
    if (!group.notices.some((shown) => shown.content === notice.content)) {
      group.notices.push(notice);
    }
  }
  return groups;
}

const timerKey = (id: string, context: string): string => `${context}\n${id}`;

/** Creates an empty notice store. */
export function createNoticeStore(): NoticeStore {
  const store = createStore<NoticesState>()(() => ({ notices: [] }));
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  let counter = 0;

  const clearTimer = (id: string, context: string): void => {
    const key = timerKey(id, context);
    const timer = timers.get(key);
    if (timer !== undefined) {
      clearTimeout(timer);
      timers.delete(key);
    }
  };

  const removeWhere = (gone: (notice: Notice) => boolean): void => {
    const { notices } = store.getState();
    const kept = notices.filter((notice) => !gone(notice));
    if (kept.length === notices.length) {
      return;
    }
    for (const notice of notices) {
      if (gone(notice)) {
        clearTimer(notice.id, notice.context);
      }
    }
    store.setState({ notices: kept });
  };

  const removeNotices = (ids: readonly string[], context: NoticeContext = 'global'): void => {
    removeWhere((notice) => notice.context === context && ids.includes(notice.id));
  };

  const createNotice = (status: NoticeStatus, content: string, options: NoticeOptions = {}): string => {
    counter += 1;
    const notice: Notice = {
      id: options.id ?? `notice-${counter}`,
      status,
      content,
      context: options.context ?? 'global',
      type: options.type ?? 'default',
      isDismissible: options.isDismissible ?? true,
      explicitDismiss: options.explicitDismiss ?? false,
      actions: options.actions ?? [],
      icon: options.icon ?? null,
    };
    clearTimer(notice.id, notice.context);
    const others = store
      .getState()
      .notices.filter((old) => !(old.id === notice.id && old.context === notice.context));
    store.setState({ notices: [...others, notice] });
    if (notice.type === 'snackbar' && !notice.explicitDismiss) {
      timers.set(
        timerKey(notice.id, notice.context),
        setTimeout(() => {
          timers.delete(timerKey(notice.id, notice.context));
          removeWhere((n) => n === notice);
        }, SNACKBAR_TIMEOUT_MS),
      );
    }
    return notice.id;
  };

  return {
    store,
    createNotice,
    removeNotice: (id, context = 'global') => {
      removeNotices([id], context);
    },
    removeNotices,
    dismissSnackbar: (id, context = 'global') => {
      removeWhere(
        (notice) =>
          notice.context === context &&
          notice.type === 'snackbar' &&
          (notice.id === id || !notice.explicitDismiss),
      );
    },
    noticesOf: (context = 'global') => store.getState().notices.filter((n) => n.context === context),
    stop: () => {
      for (const timer of timers.values()) {
        clearTimeout(timer);
      }
      timers.clear();
    },
  };
}

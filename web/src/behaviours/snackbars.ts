// Snackbars (SPEC §4.5, §8.6): the notice store's `snackbar` notices of every context, shown
// in one list at the bottom of the page. Each leaves after 10 s (the store's timer) or when
// dismissed; dismissing one removes every snackbar of its context not marked
// `explicitDismiss`. A notice's actions are buttons beside its text. Errors are announced
// assertively, the rest politely. Notice HTML is cut
// to SPEC §5.8's allowlist; the sanitiser (DOMPurify) is loaded with the first snackbar, so
// pages that never show one never download it.

import type { Notice, NoticeStore } from '../core';

type Sanitise = (html: string) => string;

let sanitiser: Promise<Sanitise> | null = null;

function loadSanitiser(): Promise<Sanitise> {
  sanitiser ??= import('../core/sanitize').then((module) => module.sanitizeNoticeHtml);
  return sanitiser;
}

function render(doc: Document, list: HTMLElement, notices: Notice[], store: NoticeStore, sanitise: Sanitise): void {
  const items = notices.map((notice) => {
    // The live region is inside the list item: an item with a role of its own would no longer
    // be a list item (axe's `list` rule).
    const item = doc.createElement('li');
    item.className = 'snackbar-list__item';
    const body = doc.createElement('div');
    body.className = `snackbar notice notice--${notice.status === 'error' ? 'error' : notice.status === 'success' ? 'success' : 'info'}`;
    body.setAttribute('role', notice.status === 'error' ? 'alert' : 'status');
    body.dataset.noticeId = notice.id;
    item.append(body);
    const content = doc.createElement('div');
    content.className = 'snackbar__content';
    content.innerHTML = sanitise(notice.content);
    body.append(content);
    // A notice's actions (the cart's "Undo" after a removal) are buttons; acting removes it.
    for (const action of notice.actions) {
      const button = doc.createElement('button');
      button.type = 'button';
      button.className = 'snackbar__action button button--small';
      button.textContent = action.label;
      button.addEventListener('click', () => {
        store.removeNotice(notice.id, notice.context);
        action.onClick?.();
      });
      body.append(button);
    }
    if (notice.isDismissible) {
      const dismiss = doc.createElement('button');
      dismiss.type = 'button';
      dismiss.className = 'snackbar__dismiss';
      dismiss.setAttribute('aria-label', 'Dismiss this notice');
      dismiss.textContent = '×';
      dismiss.addEventListener('click', () => {
        store.dismissSnackbar(notice.id, notice.context);
      });
      body.append(dismiss);
    }
    return item;
  });
  list.replaceChildren(...items);
  list.hidden = items.length === 0;
}

/** Shows the snackbars of `store` in `doc`; returns the function that stops. */
export function startSnackbars(doc: Document, store: NoticeStore): () => void {
  let list: HTMLElement | null = null;
  let version = 0;
  const update = (notices: Notice[]): void => {
    const snackbars = notices.filter((notice) => notice.type === 'snackbar');
    if (snackbars.length === 0 && list === null) {
      return;
    }
    const mine = ++version;
    void loadSanitiser().then((sanitise) => {
      if (mine !== version) {
        return;
      }
      if (list === null) {
        list = doc.createElement('ul');
        list.className = 'snackbar-list';
        list.setAttribute('aria-label', 'Notifications');
        doc.body.append(list);
      }
      render(doc, list, snackbars, store, sanitise);
    });
  };
  update(store.store.getState().notices);
  return store.store.subscribe((state, previous) => {
    if (state.notices !== previous.notices) {
      update(state.notices);
    }
  });
}

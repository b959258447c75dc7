// The theme's lightboxes and off-canvas panels (SPEC §2.1): a native modal <dialog> (the page
// behind is inert, Escape cancels it), the close button placed as the page settings say
// (SPEC §3.8 `theme.lightbox`), focus moved in on opening and back to the opener on closing,
// and a 300 ms removal delay (SPEC §9.6) in which the closing animation runs; none for
// shoppers who ask for less motion.

import { readSettingsJson } from '../core/settings';
import { asRecord } from '../lib/guards';
import { prefersReducedMotion } from '../lib/scroll';
import '../styles/media.css';

/** SPEC §9.6: how long a closing lightbox stays on screen, animating out. */
export const REMOVAL_DELAY_MS = 300;

/** Where a panel shows: a lightbox in the middle, or an off-canvas panel at an edge. */
export type PanelKind = 'lightbox' | 'offcanvas_left' | 'offcanvas_right';

/** The lightbox close-button settings (SPEC §3.8, `theme.lightbox`). */
export interface CloseButtonSettings {
  /** HTML for the button's content; empty: a "×". */
  readonly markup: string;
  /** The button sits inside the content box rather than in the screen's corner. */
  readonly inside: boolean;
}

/** The close-button settings of a parsed settings object, falling back to the defaults. */
export function closeButtonSettings(settings: unknown): CloseButtonSettings {
  const lightbox = asRecord(asRecord(asRecord(settings).theme).lightbox);
  return {
    markup: typeof lightbox.close_markup === 'string' ? lightbox.close_markup : '',
    inside: lightbox.close_btn_inside === true,
  };
}

/** A panel kind from markup (`data-panel`); anything else is a lightbox. */
export function panelKind(value: string | undefined): PanelKind {
  return value === 'offcanvas_left' || value === 'offcanvas_right' ? value : 'lightbox';
}

export interface Panel {
  readonly dialog: HTMLDialogElement;
  /** Where the content goes. */
  readonly body: HTMLElement;
  /** Opens it; focus comes back to `opener` (else what had it) when it closes. */
  open(opener?: HTMLElement | null): void;
  /** Closes it after the removal delay; resolves once it is closed. */
  close(): Promise<void>;
}

export interface PanelOptions {
  readonly kind?: PanelKind;
  /** The id of the element that names the dialog (its heading). */
  readonly labelledBy?: string;
  /** Its name when no element names it. */
  readonly label?: string;
  readonly closeButton?: CloseButtonSettings;
  /** Runs after it has closed (a video stops, a fetched page is dropped). */
  readonly onClosed?: () => void;
}

/** The close button, with the merchant's markup (sanitised) or a "×". */
function closeButton(doc: Document, settings: CloseButtonSettings): HTMLButtonElement {
  const button = doc.createElement('button');
  button.type = 'button';
  button.className = `lightbox__close lightbox__close--${settings.inside ? 'inside' : 'outside'}`;
  button.setAttribute('aria-label', 'Close');
  button.textContent = '×';
  if (settings.markup.trim() !== '') {
    // Settings are data like any other: the markup goes through the shop's sanitiser
    // (DOMPurify), fetched only for a shop that sets it.
    void import('../core/sanitize').then(({ sanitizeFragment }) => {
      button.replaceChildren(sanitizeFragment(settings.markup));
    });
  }
  return button;
}

/** Makes a panel in `doc` (appended to its body, closed). */
export function createPanel(doc: Document, options: PanelOptions = {}): Panel {
  const kind = options.kind ?? 'lightbox';
  const settings = options.closeButton ?? closeButtonSettings(readSettingsJson(doc));
  const dialog = doc.createElement('dialog');
  dialog.className = `lightbox lightbox--${kind.replace('_', '-')}`;
  if (options.labelledBy !== undefined) {
    dialog.setAttribute('aria-labelledby', options.labelledBy);
  } else if (options.label !== undefined) {
    dialog.setAttribute('aria-label', options.label);
  }
  const body = doc.createElement('div');
  body.className = 'lightbox__body';
  const button = closeButton(doc, settings);
  if (settings.inside) {
    body.append(button);
  } else {
    dialog.append(button);
  }
  dialog.append(body);
  doc.body.append(dialog);

  let opener: HTMLElement | null = null;
  let closing: Promise<void> | null = null;

  const finish = (): void => {
    dialog.classList.remove('is-open', 'is-closing');
    if (dialog.open) {
      dialog.close();
    }
    closing = null;
    const back = opener;
    opener = null;
    if (back?.isConnected === true) {
      back.focus();
    }
    options.onClosed?.();
  };

  const panel: Panel = {
    dialog,
    body,
    open(from) {
      if (dialog.open && closing === null) {
        return;
      }
      const active = doc.activeElement;
      opener = from ?? (active instanceof HTMLElement ? active : null);
      closing = null;
      dialog.classList.remove('is-closing');
      if (!dialog.open) {
        dialog.showModal();
      }
      dialog.classList.add('is-open');
      // The browser focuses the first focusable element (the close button when it comes
      // first); a dialog whose body starts with content starts reading there.
      button.focus();
    },
    close() {
      if (!dialog.open) {
        return Promise.resolve();
      }
      const win = doc.defaultView;
      closing ??= new Promise<void>((resolve) => {
        dialog.classList.remove('is-open');
        dialog.classList.add('is-closing');
        const delay = win === null || prefersReducedMotion(win) ? 0 : REMOVAL_DELAY_MS;
        const done = (): void => {
          finish();
          resolve();
        };
        if (delay === 0 || win === null) {
          done();
        } else {
          win.setTimeout(done, delay);
        }
      });
      return closing;
    },
  };

  button.addEventListener('click', () => {
    void panel.close();
  });
  // Escape: the browser would close at once; the removal delay applies to it too.
  dialog.addEventListener('cancel', (event) => {
    event.preventDefault();
    void panel.close();
  });
  // A click on the backdrop (outside the box) closes it.
  dialog.addEventListener('click', (event) => {
    if (event.target !== dialog) {
      return;
    }
    const box = dialog.getBoundingClientRect();
    const inside =
      event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
    if (!inside) {
      void panel.close();
    }
  });
  return panel;
}

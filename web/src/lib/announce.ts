// One polite live region per page for what the cart did ("“Mug” has been added to your
// cart."), so screen-reader users hear it without their focus moving.

const REGION_ID = 'mercato-announcer';

function region(doc: Document): HTMLElement {
  const existing = doc.getElementById(REGION_ID);
  if (existing !== null) {
    return existing;
  }
  const el = doc.createElement('div');
  el.id = REGION_ID;
  el.className = 'visually-hidden';
  el.setAttribute('role', 'status');
  el.setAttribute('aria-live', 'polite');
  el.setAttribute('aria-atomic', 'true');
  doc.body.append(el);
  return el;
}

/** Creates the live region early: text put into a region that was just made is often not read. */
export function prepareAnnouncer(doc: Document = document): void {
  region(doc);
}

/** Says `text` politely. The same text twice in a row is said twice. */
export function announce(text: string, doc: Document = document): void {
  const el = region(doc);
  el.textContent = el.textContent === text ? `${text}\u00a0` : text;
}

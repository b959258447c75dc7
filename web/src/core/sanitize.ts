// SPEC §5.8: notice HTML keeps only these tags and attributes. DOMPurify (about 12 KB gzip)
// lives in this module alone, so only the pages that render notice HTML (cart, checkout)
// download it; the server sanitises too.

import DOMPurify from 'dompurify';

/** The tags notice HTML may keep. */
export const NOTICE_ALLOWED_TAGS = ['a', 'b', 'em', 'i', 'strong', 'p', 'br'];

/** The attributes notice HTML may keep. */
export const NOTICE_ALLOWED_ATTRIBUTES = ['target', 'href', 'rel', 'name', 'download'];

/** Notice HTML reduced to the SPEC §5.8 allowlist (unsafe URLs removed as well). */
export function sanitizeNoticeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: NOTICE_ALLOWED_TAGS,
    ALLOWED_ATTR: NOTICE_ALLOWED_ATTRIBUTES,
    // DOMPurify keeps data-* and aria-* unless told otherwise; the allowlist is the whole list.
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}

/**
 * Server HTML shown in a popup (the quick view) as nodes to insert: scripts, event handlers,
 * `<style>` and unsafe URLs removed; forms, their fields and the `data-*` attributes the
 * behaviours read kept, with the no-JS submit buttons' `formaction` and `formmethod`.
 */
export function sanitizeFragment(html: string): DocumentFragment {
  return DOMPurify.sanitize(html, {
    RETURN_DOM_FRAGMENT: true,
    ADD_ATTR: ['formaction', 'formmethod', 'fetchpriority'],
    FORBID_TAGS: ['style'],
  });
}

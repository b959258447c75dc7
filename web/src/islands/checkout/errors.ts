// Where a refused checkout's words go (SPEC §8.4, §2.9): each `rest_invalid_param` detail
// becomes its own notice (id `{param}_{code}`) in its area (invalid_email → contact
// information; billing_address → billing address; shipping_address → shipping address), and
// the field it names, where it names one, shows the message too; the email codes go to the
// contact area; every other code to the checkout area. Pure: the caller raises the notices.

import type { NoticeContext, StoreApiErrorData } from '../../core';

/** A notice to raise. */
export interface RoutedNotice {
  id: string;
  message: string;
  context: NoticeContext;
}

/** What a refusal means for the page. */
export interface RoutedError {
  notices: RoutedNotice[];
  /** Field errors by field id (`email`, `billing_postcode`...), shown at once. */
  fieldErrors: Record<string, string>;
}

const CONTACT: NoticeContext = 'wc/checkout/contact-information';

/** The field a detail's code names in an address (`invalid_postcode` → `postcode`). */
const FIELD_OF_CODE: Readonly<Record<string, string>> = {
  invalid_postcode: 'postcode',
  invalid_state: 'state',
  invalid_country: 'country',
  invalid_phone: 'phone',
};

/** The id the email field's error is kept under. */
export const EMAIL_FIELD_ID = 'billing_email';

function addressContext(param: string): NoticeContext | null {
  if (param === 'billing_address') {
    return 'wc/checkout/billing-address';
  }
  if (param === 'shipping_address') {
    return 'wc/checkout/shipping-address';
  }
  return null;
}

/**
 * Routes a refusal. `useSameAddress`: the billing fields are not on the page (they are the
 * shipping ones), so a billing field's error lands on the shipping field.
 */
export function routeCheckoutError(
  code: string,
  message: string,
  data: StoreApiErrorData | undefined,
  useSameAddress: boolean,
): RoutedError {
  const fieldErrors: Record<string, string> = {};
  if (code === 'rest_invalid_param' && data?.details !== undefined) {
    const notices = Object.entries(data.details).flatMap(([param, detail]): RoutedNotice[] => {
      const entries = [detail, ...(detail.additional_errors ?? [])];
      return entries.map((entry) => {
        if (entry.code === 'invalid_email') {
          fieldErrors[EMAIL_FIELD_ID] = entry.message;
          return { id: `${param}_${entry.code}`, message: entry.message, context: CONTACT };
        }
        const field = FIELD_OF_CODE[entry.code];
        const kind = param === 'billing_address' && !useSameAddress ? 'billing' : 'shipping';
        if (field !== undefined && addressContext(param) !== null) {
          fieldErrors[`${kind}_${field}`] ??= entry.message;
        }
        const context = addressContext(param) ?? 'wc/checkout';
        // With one address on the page, a billing problem is shown where the shopper typed it.
        const shown = param === 'billing_address' && useSameAddress ? 'wc/checkout/shipping-address' : context;
        return { id: `${param}_${entry.code}`, message: entry.message, context: shown };
      });
    });
    // The same words for both addresses are said once.
    const seen = new Set<string>();
    return {
      notices: notices.filter((notice) => {
        const key = `${notice.context}\n${notice.message}`;
        if (seen.has(key)) {
          return false;
        }
        seen.add(key);
        return true;
      }),
      fieldErrors,
    };
  }
  const context = /_rest_(missing|invalid)_email_address$/.test(code) ? CONTACT : 'wc/checkout';
  return { notices: [{ id: 'checkout', message, context }], fieldErrors };
}

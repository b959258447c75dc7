import { useId, useState } from 'react';
import { CollapsiblePanel } from '../../components/CollapsiblePanel';
import { showCouponNotice, useExtensionHost } from '../../components/extension-filters';
import { shopperMessage, toCartError } from '../../core';
import { useCartRuntime } from '../../core/react/useCart';
import { decodeEntities } from '../../lib/entities';
import { escapeHtml, useCartReport } from './report';

function CouponFields() {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);
  const inputId = useId();
  const errorId = useId();
  const store = useCartRuntime().cart;
  const report = useCartReport();
  const host = useExtensionHost();
  return (
    <form
      className="wc-block-components-totals-coupon__form coupon"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const wanted = code.trim();
        if (wanted === '' || applying) {
          return;
        }
        setApplying(true);
        setError(null);
        store
          .applyCoupon(wanted)
          .then(
            () => {
              setCode('');
              if (showCouponNotice(host, 'apply', wanted, 'wc/cart')) {
                report.snackbar(`Coupon code &ldquo;${escapeHtml(wanted)}&rdquo; has been applied to your cart.`, `coupon-applied-${wanted}`);
              }
            },
            (failure: unknown) => {
              // The server writes its messages for HTML (`&quot;`); shown here as text.
              setError(decodeEntities(shopperMessage(toCartError(failure))));
            },
          )
          .finally(() => {
            setApplying(false);
          });
      }}
    >
      <label className="visually-hidden" htmlFor={inputId}>
        Coupon code
      </label>
      <input
        id={inputId}
        type="text"
        className="input-text wc-block-components-totals-coupon__input"
        placeholder="Coupon code"
        autoComplete="off"
        value={code}
        aria-invalid={error !== null}
        aria-describedby={error !== null ? errorId : undefined}
        onChange={(event) => {
          setCode(event.target.value);
        }}
      />
      <button type="submit" className="button wc-block-components-totals-coupon__button" disabled={applying} aria-busy={applying}>
        Apply
      </button>
      {error !== null && (
        <p id={errorId} className="wc-block-components-validation-error coupon__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

/** The "Add a coupon" panel (SPEC §2.8): closed at first; the server's refusal shows under the field. */
export function CouponForm() {
  return (
    <CollapsiblePanel title="Add a coupon" className="wc-block-components-totals-coupon">
      <CouponFields />
    </CollapsiblePanel>
  );
}

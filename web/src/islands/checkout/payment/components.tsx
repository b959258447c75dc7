// The components WooCommerce hands a payment method's content (`props.components`): small
// and accessible, drawn with the theme's classes.

import type { ReactNode } from 'react';
import { useValidationError } from '../../../core/react/useCheckout';

/** A field's error from the validation store, or `errorMessage`; nothing while hidden. */
function ValidationInputError({ errorMessage = '', propertyName = '', elementId = '' }: { errorMessage?: string; propertyName?: string; elementId?: string }) {
  const error = useValidationError(propertyName !== '' ? propertyName : elementId);
  const message = errorMessage !== '' ? errorMessage : error !== undefined && !error.hidden ? error.message : '';
  if (message === '') {
    return null;
  }
  return (
    <div className="wc-block-components-validation-error" role="alert">
      <p id={elementId !== '' ? `validate-error-${elementId}` : undefined}>{message}</p>
    </div>
  );
}

/** A method's label: its text (a string or an element) after an optional icon. */
function PaymentMethodLabel({ text, icon }: { text?: ReactNode; icon?: ReactNode }) {
  return (
    <span className="wc-block-components-payment-method-label">
      {typeof icon === 'string' ? <img src={icon} alt="" className="wc-block-components-payment-method-label__icon" /> : icon}
      {text}
    </span>
  );
}

interface Icon {
  id?: string;
  src?: string;
  alt?: string;
}

/** A row of card or brand icons: `[{id, src, alt}]` or plain ids. */
function PaymentMethodIcons({ icons = [], align = 'center' }: { icons?: readonly (Icon | string)[]; align?: string }) {
  if (icons.length === 0) {
    return null;
  }
  return (
    <div className={`wc-block-components-payment-method-icons wc-block-components-payment-method-icons--align-${align}`}>
      {icons.map((icon, i) => {
        const { id, src, alt } = typeof icon === 'string' ? { id: icon, src: undefined, alt: icon } : icon;
        return src !== undefined ? (
          <img key={id ?? i} src={src} alt={alt ?? ''} className="wc-block-components-payment-method-icon" />
        ) : (
          <span key={id ?? i} className="wc-block-components-payment-method-icon">
            {alt ?? id}
          </span>
        );
      })}
    </div>
  );
}

/** Its children, dimmed and busy while `isLoading`. */
function LoadingMask({ children, isLoading = false, screenReaderLabel = 'Loading…' }: { children?: ReactNode; isLoading?: boolean; screenReaderLabel?: string }) {
  return (
    <div className={isLoading ? 'wc-block-components-loading-mask' : undefined} aria-busy={isLoading || undefined}>
      {isLoading && <span className="screen-reader-text">{screenReaderLabel}</span>}
      {children}
    </div>
  );
}

export const paymentComponents = { ValidationInputError, PaymentMethodLabel, PaymentMethodIcons, LoadingMask };

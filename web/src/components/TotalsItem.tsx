import { useId, type ReactNode } from 'react';
import type { MoneyFormat } from '../lib/money';
import { PriceFormat } from './extension-filters';
import { Money } from './Money';

interface TotalsItemProps {
  /** "Subtotal", "Coupon: welcome10", "Total"... */
  readonly label: string;
  /** Minor units, as the server sent them (or the SPEC §9.3 row made of them). */
  readonly amount: string;
  readonly format: MoneyFormat;
  /** A name for the row's kind, added as a class (`subtotal`, `fee`, `total`...). */
  readonly kind?: string;
  /** Shown under the value (the coupon chip, "Including $2.58 in taxes"). */
  readonly description?: ReactNode;
  /** Dimmed (`aria-busy`) while a change that may move it is pending. */
  readonly busy?: boolean;
  /** The value's format, `<price/>` standing for the amount (the `totalValue` filter's). */
  readonly valueFormat?: string;
}

/**
 * One totals row (SPEC §2.5, §9.3): a label and an amount, a group named by its label so the
 * row can be found by it ("Total"). The mini cart's subtotal and the cart block's rows.
 */
export function TotalsItem({ label, amount, format, kind, description, busy = false, valueFormat = '<price/>' }: TotalsItemProps) {
  const labelId = useId();
  return (
    <div
      className={`wc-block-components-totals-item totals-item${kind === undefined ? '' : ` totals-item--${kind}`}${kind === 'total' ? ' wc-block-components-totals-footer-item' : ''}`}
      role="group"
      aria-labelledby={labelId}
      aria-busy={busy}
    >
      <span id={labelId} className="wc-block-components-totals-item__label totals-item__label">
        {label}
      </span>
      {valueFormat === '<price/>' ? (
        <Money className="wc-block-components-totals-item__value totals-item__value" amount={amount} format={format} />
      ) : (
        <span className="wc-block-components-totals-item__value totals-item__value">
          <PriceFormat format={valueFormat}>
            <Money amount={amount} format={format} />
          </PriceFormat>
        </span>
      )}
      {description !== undefined && (
        <div className="wc-block-components-totals-item__description totals-item__description">{description}</div>
      )}
    </div>
  );
}

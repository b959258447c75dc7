import { useState } from 'react';

interface QuantitySelectorProps {
  /** The product's name, for the accessible names (`Quantity of {name}`...). */
  readonly productName: string;
  /** The quantity to show: the shopper's pending one as soon as it is asked for. */
  readonly quantity: number;
  readonly minimum: number;
  readonly maximum: number;
  /** `multiple_of` (SPEC §5.1); 1 when not positive. */
  readonly step: number;
  /** Called with a quantity within the limits that differs from `quantity`. */
  readonly onChange: (quantity: number) => void;
  readonly className?: string;
}

/** The quantity after a press of − or + within the limits (SPEC §5.1: plus stops at max, minus at min). */
export function steppedQuantity(quantity: number, direction: 1 | -1, minimum: number, maximum: number, step: number): number {
  const by = step > 0 ? step : 1;
  return direction === 1 ? Math.min(quantity + by, maximum) : Math.max(quantity - by, minimum);
}

/**
 * A cart line's quantity stepper (SPEC §5.1): − input +. The buttons change the quantity at
 * once; a typed value is sent when the field is left (or on Enter) if the input's own validity
 * check passes, else the browser's message is shown and nothing is sent.
 */
export function QuantitySelector({ productName, quantity, minimum, maximum, step, onChange, className }: QuantitySelectorProps) {
  const [typed, setTyped] = useState<string | null>(null);
  const by = step > 0 ? step : 1;
  const change = (next: number) => {
    if (next !== quantity) {
      onChange(next);
    }
  };
  return (
    <div className={`quantity quantity--stepper wc-block-components-quantity-selector${className === undefined ? '' : ` ${className}`}`}>
      <button
        type="button"
        className="quantity__step quantity__step--minus wc-block-components-quantity-selector__button--minus"
        aria-label={`Reduce quantity of ${productName}`}
        disabled={quantity <= minimum}
        onClick={() => {
          setTyped(null);
          change(steppedQuantity(quantity, -1, minimum, maximum, by));
        }}
      >
        −
      </button>
      <input
        type="number"
        className="input-text qty wc-block-components-quantity-selector__input"
        aria-label={`Quantity of ${productName}`}
        min={minimum}
        max={maximum}
        step={by}
        inputMode="numeric"
        value={typed ?? String(quantity)}
        onChange={(event) => {
          setTyped(event.target.value);
        }}
        onBlur={(event) => {
          const input = event.currentTarget;
          if (typed === null) {
            return;
          }
          setTyped(null);
          if (!input.checkValidity()) {
            input.reportValidity();
            return;
          }
          change(Number(input.value));
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.currentTarget.blur();
          }
        }}
      />
      <button
        type="button"
        className="quantity__step quantity__step--plus wc-block-components-quantity-selector__button--plus"
        aria-label={`Increase quantity of ${productName}`}
        disabled={quantity >= maximum}
        onClick={() => {
          setTyped(null);
          change(steppedQuantity(quantity, 1, minimum, maximum, by));
        }}
      >
        +
      </button>
    </div>
  );
}

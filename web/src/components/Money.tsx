import { formatMoney, type MoneyFormat } from '../lib/money';

interface MoneyProps {
  /** Integer minor units as the server sent them ("1800"). */
  readonly amount: string;
  /** The currency fields sent beside the amount (SPEC §3.22). */
  readonly format: MoneyFormat;
  readonly className?: string;
}

/** An amount as the shop writes prices (SPEC §2.8 money display); written out, never computed. */
export function Money({ amount, format, className }: MoneyProps) {
  return (
    <span className={className === undefined ? 'wc-block-formatted-money-amount' : `wc-block-formatted-money-amount ${className}`}>
      {formatMoney(amount, format)}
    </span>
  );
}

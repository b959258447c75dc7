// A checkbox filter list (SPEC §2.8, §9.3): the first 10 options, and "Show N more" only when
// there are more than 15 (so a list never hides fewer than 6); "Show less" folds it again.
// While its options load it shows 5 placeholder rows.

import { useId, useState } from 'react';

/** SPEC §9.3. */
export const FILTER_LIST_LIMIT = 10;
/** How many more than the limit a list must have before it folds. */
const FOLD_MARGIN = 5;
/** SPEC §9.3: placeholder rows while loading. */
export const FILTER_LIST_PLACEHOLDERS = 5;

export interface CheckboxOption {
  value: string;
  label: string;
}

export interface CheckboxFilterListProps {
  legend: string;
  options: readonly CheckboxOption[];
  checked: readonly string[];
  onChange: (value: string, checked: boolean) => void;
  isLoading?: boolean;
  limit?: number;
  className?: string;
}

export function CheckboxFilterList({
  legend,
  options,
  checked,
  onChange,
  isLoading = false,
  limit = FILTER_LIST_LIMIT,
  className,
}: CheckboxFilterListProps) {
  const idBase = useId();
  const [expanded, setExpanded] = useState(false);
  const folds = options.length > limit + FOLD_MARGIN;
  const shown = folds && !expanded ? options.slice(0, limit) : options;
  return (
    <fieldset className={['checkbox-filter', className].filter(Boolean).join(' ')} aria-busy={isLoading || undefined}>
      <legend className="checkbox-filter__legend">{legend}</legend>
      {isLoading ? (
        <ul className="checkbox-filter__list is-loading" aria-hidden="true">
          {Array.from({ length: FILTER_LIST_PLACEHOLDERS }, (_, i) => (
            <li key={i} className="checkbox-filter__placeholder" />
          ))}
        </ul>
      ) : (
        <ul className="checkbox-filter__list">
          {shown.map((option, index) => {
            const id = `${idBase}-${index}`;
            return (
              <li key={option.value}>
                <input
                  id={id}
                  type="checkbox"
                  value={option.value}
                  checked={checked.includes(option.value)}
                  onChange={(event) => {
                    onChange(option.value, event.currentTarget.checked);
                  }}
                />
                <label htmlFor={id}>{option.label}</label>
              </li>
            );
          })}
        </ul>
      )}
      {!isLoading && folds && (
        <button
          type="button"
          className="checkbox-filter__toggle"
          aria-expanded={expanded}
          onClick={() => {
            setExpanded(!expanded);
          }}
        >
          {expanded ? 'Show less' : `Show ${options.length - limit} more`}
        </button>
      )}
    </fieldset>
  );
}

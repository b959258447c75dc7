// A sort select (SPEC §2.8): a labelled drop-down whose options each have a key and a label.
// Read-only shows the current choice without letting it change.

import { useId } from 'react';

export interface SortOption {
  key: string;
  label: string;
}

export interface SortSelectProps {
  label: string;
  options: readonly SortOption[];
  value: string;
  onChange: (key: string) => void;
  readOnly?: boolean;
  /** Keeps the label for assistive technology only. */
  labelHidden?: boolean;
  className?: string;
}

export function SortSelect({ label, options, value, onChange, readOnly = false, labelHidden = false, className }: SortSelectProps) {
  const id = useId();
  return (
    <div className={['sort-select', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={labelHidden ? 'screen-reader-text' : 'sort-select__label'}>
        {label}
      </label>
      <select
        id={id}
        className="sort-select__input"
        value={value}
        disabled={readOnly}
        onChange={(event) => {
          onChange(event.currentTarget.value);
        }}
      >
        {options.map((option) => (
          <option key={option.key} value={option.key}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

// A radio group (SPEC §2.8, §3.21): each option a radio named by its label alone, with its
// secondary label and descriptions tied to it as its description, and accordion-style extra
// content that shows only under the selected option. The cart's shipping rates and the
// checkout's payment methods and pickup locations use it.

import { useId, type ReactNode } from 'react';

/** One option (SPEC §3.21's radio option). */
export interface RadioChoice {
  value: string;
  /** The radio's accessible name. */
  label: string;
  description?: ReactNode;
  /** Shown at the option's end, e.g. a price. */
  secondaryLabel?: ReactNode;
  secondaryDescription?: ReactNode;
  /** Shown under the option only while it is selected. */
  content?: ReactNode;
  disabled?: boolean;
}

export interface RadioChoiceListProps {
  /** The radios' `name`; one list per name on a page. */
  name: string;
  /** The group's accessible name (its legend). */
  legend: string;
  /** Keeps the legend for assistive technology only. */
  legendHidden?: boolean;
  options: readonly RadioChoice[];
  /** The selected option's value, or null. */
  selected: string | null;
  onChange: (value: string) => void;
  /** Marks the group busy (a choice is being saved). */
  busy?: boolean;
  className?: string;
}

export function RadioChoiceList({
  name,
  legend,
  legendHidden = false,
  options,
  selected,
  onChange,
  busy = false,
  className,
}: RadioChoiceListProps) {
  const idBase = useId();
  return (
    <fieldset className={['radio-choices', className].filter(Boolean).join(' ')} aria-busy={busy || undefined}>
      <legend className={legendHidden ? 'screen-reader-text' : 'radio-choices__legend'}>{legend}</legend>
      {options.map((option, index) => {
        const id = `${idBase}-${index}`;
        const isSelected = option.value === selected;
        const hasDescription =
          option.secondaryLabel !== undefined || option.description !== undefined || option.secondaryDescription !== undefined;
        return (
          <div key={option.value} className={`radio-choices__option${isSelected ? ' is-selected' : ''}`}>
            <input
              id={id}
              type="radio"
              name={name}
              value={option.value}
              checked={isSelected}
              disabled={option.disabled}
              aria-labelledby={`${id}-label`}
              aria-describedby={hasDescription ? `${id}-description` : undefined}
              onChange={() => {
                onChange(option.value);
              }}
            />
            <label htmlFor={id} className="radio-choices__label">
              <span id={`${id}-label`} className="radio-choices__name">
                {option.label}
              </span>
              {hasDescription && (
                <span id={`${id}-description`} className="radio-choices__details">
                  {option.secondaryLabel !== undefined && (
                    <span className="radio-choices__secondary">{option.secondaryLabel}</span>
                  )}
                  {option.description !== undefined && (
                    <span className="radio-choices__description">{option.description}</span>
                  )}
                  {option.secondaryDescription !== undefined && (
                    <span className="radio-choices__description">{option.secondaryDescription}</span>
                  )}
                </span>
              )}
            </label>
            {isSelected && option.content !== undefined && <div className="radio-choices__content">{option.content}</div>}
          </div>
        );
      })}
    </fieldset>
  );
}

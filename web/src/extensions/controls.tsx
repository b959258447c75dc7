// `wp.components`: the controls gateways put in payment forms, small and accessible (a label
// tied to its input, help text as its description), not WordPress's 228 KB library.

import { useId, type ReactNode } from 'react';

interface BaseProps {
  label?: ReactNode | undefined;
  help?: ReactNode | undefined;
  className?: string | undefined;
  hideLabelFromVision?: boolean | undefined;
}

export function BaseControl({ id, label, help, className, hideLabelFromVision, children }: BaseProps & { id?: string; children?: ReactNode }) {
  return (
    <div className={`components-base-control ${className ?? ''}`.trim()}>
      {label !== undefined && (
        <label htmlFor={id} className={hideLabelFromVision === true ? 'screen-reader-text' : 'components-base-control__label'}>
          {label}
        </label>
      )}
      {children}
      {help !== undefined && (
        <p id={id !== undefined ? `${id}__help` : undefined} className="components-base-control__help">
          {help}
        </p>
      )}
    </div>
  );
}

type OnChange<T> = (value: T) => void;

export function TextControl({ label, help, className, hideLabelFromVision, value, onChange, type = 'text', id, ...rest }: BaseProps & { value?: string | number; onChange?: OnChange<string>; type?: string; id?: string } & Record<string, unknown>) {
  const own = useId();
  const inputId = id ?? own;
  return (
    <BaseControl id={inputId} label={label} help={help} className={className} hideLabelFromVision={hideLabelFromVision}>
      <input
        {...rest}
        id={inputId}
        type={type}
        className="components-text-control__input"
        value={value ?? ''}
        aria-describedby={help !== undefined ? `${inputId}__help` : undefined}
        onChange={(event) => onChange?.(event.target.value)}
      />
    </BaseControl>
  );
}

export function SelectControl({ label, help, className, hideLabelFromVision, value, onChange, options = [], id }: BaseProps & { value?: string; onChange?: OnChange<string>; options?: readonly { label: string; value: string; disabled?: boolean }[]; id?: string }) {
  const own = useId();
  const selectId = id ?? own;
  return (
    <BaseControl id={selectId} label={label} help={help} className={className} hideLabelFromVision={hideLabelFromVision}>
      <select id={selectId} className="components-select-control__input" value={value} aria-describedby={help !== undefined ? `${selectId}__help` : undefined} onChange={(event) => onChange?.(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    </BaseControl>
  );
}

export function CheckboxControl({ label, help, className, checked = false, onChange, id }: BaseProps & { checked?: boolean; onChange?: OnChange<boolean>; id?: string }) {
  const own = useId();
  const boxId = id ?? own;
  return (
    <div className={`components-base-control components-checkbox-control ${className ?? ''}`.trim()}>
      <input id={boxId} type="checkbox" checked={checked} aria-describedby={help !== undefined ? `${boxId}__help` : undefined} onChange={(event) => onChange?.(event.target.checked)} />
      <label htmlFor={boxId}>{label}</label>
      {help !== undefined && (
        <p id={`${boxId}__help`} className="components-base-control__help">
          {help}
        </p>
      )}
    </div>
  );
}

export function RadioControl({ label, help, className, selected, onChange, options = [] }: BaseProps & { selected?: string; onChange?: OnChange<string>; options?: readonly { label: string; value: string }[] }) {
  const name = useId();
  return (
    <fieldset className={`components-base-control components-radio-control ${className ?? ''}`.trim()}>
      {label !== undefined && <legend>{label}</legend>}
      {options.map((option) => (
        <label key={option.value} className="components-radio-control__option">
          <input type="radio" name={name} value={option.value} checked={selected === option.value} onChange={() => onChange?.(option.value)} /> {option.label}
        </label>
      ))}
      {help !== undefined && <p className="components-base-control__help">{help}</p>}
    </fieldset>
  );
}

/** `wc.blocksCheckout.TotalsWrapper`: one block of the totals. */
export function TotalsWrapper({ children, className }: { children?: ReactNode; className?: string }) {
  return <div className={`wc-block-components-totals-wrapper ${className ?? ''}`.trim()}>{children}</div>;
}

export const components = { BaseControl, TextControl, SelectControl, CheckboxControl, RadioControl };

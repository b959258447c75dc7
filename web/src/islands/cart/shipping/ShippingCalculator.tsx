// The shipping calculator: a toggle ("Calculate shipping", or "Change address" once the cart
// has an address) that opens a form of country, state, city and postcode, checked as the
// checkout checks them (the country's labels and required fields, postcode rules per country,
// a state from the list where the country has one). A valid address is sent with
// update-customer; the rates in the reply replace the old ones.

import { useCallback, useId, useMemo, useRef, useState, type SubmitEvent } from 'react';
import type * as PostcodeValidator from 'postcode-validator';
import type { CartShippingAddress } from '../../../core/cart/types';
import { ValidatedTextInput, errorIdOf, type ValidatedTextInputHandle } from '../../../components/ValidatedTextInput';
import { loadShippingCountries, type ShippingCountry } from './countries';

/** The fields the calculator sends. */
export type CalculatorAddress = Pick<CartShippingAddress, 'country' | 'state' | 'city' | 'postcode'>;

export interface ShippingCalculatorProps {
  /** The cart's shipping address: the form starts from it. */
  address: CalculatorAddress;
  /** The cart has an address its rates were calculated for. */
  hasAddress: boolean;
  /** Sends the address; rejects with the shopper's message when the server refuses it. */
  onSubmit: (address: CalculatorAddress) => Promise<unknown>;
  /** Where the countries come from (tests give their own). */
  loadCountries?: () => Promise<ShippingCountry[]>;
}

const FIELD_ID = {
  country: 'shipping-calculator-country',
  state: 'shipping-calculator-state',
  city: 'shipping-calculator-city',
  postcode: 'shipping-calculator-postcode',
} as const;

/** postcode-validator's two functions. */
type PostcodeRules = Pick<typeof PostcodeValidator, 'postcodeValidator' | 'postcodeValidatorExistsForCountry'>;

let postcodeRules: Promise<PostcodeRules> | null = null;

/** The postcode rules, loaded with the countries when the calculator is first reached for. */
function loadPostcodeRules(): Promise<PostcodeRules> {
  postcodeRules ??= import('postcode-validator').catch((error: unknown) => {
    postcodeRules = null;
    throw error;
  });
  return postcodeRules;
}

/** The postcode rule of `country` (a country without a rule passes, SPEC §5.7). */
function postcodeCheck(rules: PostcodeRules, country: string, label: string): (value: string) => string | null {
  return (value) =>
    rules.postcodeValidatorExistsForCountry(country) && !rules.postcodeValidator(value, country)
      ? `Please enter a valid ${label.toLowerCase()}`
      : null;
}

interface CalculatorData {
  countries: ShippingCountry[];
  rules: PostcodeRules;
}

export function ShippingCalculator({ address, hasAddress, onSubmit, loadCountries = loadShippingCountries }: ShippingCalculatorProps) {
  const formId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const cityField = useRef<ValidatedTextInputHandle>(null);
  const postcodeField = useRef<ValidatedTextInputHandle>(null);
  const stateField = useRef<ValidatedTextInputHandle>(null);
  const [open, setOpen] = useState(false);
  const [data, setData] = useState<CalculatorData | null>(null);
  const countries = data?.countries ?? null;
  const [loadError, setLoadError] = useState<string | null>(null);
  const [values, setValues] = useState<CalculatorAddress>(address);
  const [submitted, setSubmitted] = useState(false);
  const [stateTouched, setStateTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  const fetchCountries = useCallback(() => {
    setLoadError(null);
    Promise.all([loadCountries(), loadPostcodeRules()]).then(
      ([list, rules]) => {
        setData({ countries: list, rules });
      },
      (error: unknown) => {
        setLoadError(error instanceof Error ? error.message : 'The countries could not be loaded.');
      },
    );
  }, [loadCountries]);

  const country = useMemo(() => countries?.find((c) => c.code === values.country) ?? null, [countries, values.country]);
  const rules = country?.fields;
  const states = country?.states ?? [];
  const stateRequired = states.length > 0 || rules?.state.required === true;
  const stateMissing = stateRequired && values.state === '';
  const stateLabel = rules?.state.label ?? 'State / County';
  const showStateError = stateMissing && (submitted || stateTouched) && states.length > 0;

  const postcodeLabel = rules?.postcode.label ?? 'Postcode / ZIP';
  const countryCode = values.country;
  const postcodes = data?.rules;
  const checkPostcode = useMemo(
    () => (postcodes === undefined ? undefined : postcodeCheck(postcodes, countryCode, postcodeLabel)),
    [postcodes, countryCode, postcodeLabel],
  );

  const set = (field: keyof CalculatorAddress) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    // Each field shows its own error; all of them are checked, not only the first.
    const results = [stateField, cityField, postcodeField].map((field) => field.current?.validate() ?? true);
    if (results.includes(false) || stateMissing || country === null) {
      return;
    }
    const sent: CalculatorAddress = {
      country: values.country,
      state: rules?.state.hidden ? '' : values.state.trim(),
      city: rules?.city.hidden ? '' : values.city.trim(),
      postcode: rules?.postcode.hidden ? '' : values.postcode.trim(),
    };
    setSaving(true);
    setSaveError(null);
    onSubmit(sent).then(
      () => {
        setSaving(false);
        setSubmitted(false);
        setOpen(false);
        toggle.current?.focus();
      },
      (error: unknown) => {
        setSaving(false);
        setSaveError(error instanceof Error && error.message !== '' ? error.message : 'The address could not be saved.');
      },
    );
  };

  return (
    <div className="shipping-calculator">
      <button
        ref={toggle}
        type="button"
        className="shipping-calculator__toggle"
        aria-expanded={open}
        aria-controls={formId}
        onPointerEnter={() => {
          void Promise.all([loadCountries(), loadPostcodeRules()]).catch(() => undefined);
        }}
        onFocus={() => {
          void Promise.all([loadCountries(), loadPostcodeRules()]).catch(() => undefined);
        }}
        onClick={() => {
          if (!open) {
            if (countries === null) {
              fetchCountries();
            }
            setValues(address);
            setSubmitted(false);
            setStateTouched(false);
            setSaveError(null);
          }
          setOpen(!open);
        }}
      >
        {hasAddress ? 'Change address' : 'Calculate shipping'}
      </button>
      {open && (
        <form id={formId} className="shipping-calculator__form" noValidate onSubmit={submit} aria-busy={saving || undefined}>
          {countries === null ? (
            loadError === null ? (
              <p role="status">Loading countries…</p>
            ) : (
              <div role="alert">
                <p>{loadError}</p>
                <button type="button" onClick={fetchCountries}>
                  Try again
                </button>
              </div>
            )
          ) : (
            <>
              <div className="shipping-calculator__field">
                <label htmlFor={FIELD_ID.country}>Country / Region</label>
                <select
                  id={FIELD_ID.country}
                  autoComplete="country"
                  value={values.country}
                  required
                  onChange={(event) => {
                    const code = event.currentTarget.value;
                    const next = countries.find((c) => c.code === code);
                    setValues((current) => ({
                      ...current,
                      country: code,
                      state: next?.states.some(([s]) => s === current.state) ? current.state : '',
                    }));
                  }}
                >
                  {country === null && <option value="">Select a country / region…</option>}
                  {countries.map((c) => (
                    <option key={c.code} value={c.code}>
                      {c.name}
                    </option>
                  ))}
                </select>
              </div>
              {!rules?.state.hidden &&
                (states.length > 0 ? (
                  <div className={`shipping-calculator__field${showStateError ? ' has-error' : ''}`}>
                    <label htmlFor={FIELD_ID.state}>{stateLabel}</label>
                    <select
                      id={FIELD_ID.state}
                      autoComplete="address-level1"
                      value={values.state}
                      required
                      aria-invalid={showStateError || undefined}
                      aria-describedby={showStateError ? errorIdOf(FIELD_ID.state) : undefined}
                      onChange={(event) => {
                        set('state')(event.currentTarget.value);
                      }}
                      onBlur={() => {
                        setStateTouched(true);
                      }}
                    >
                      <option value="">Select an option…</option>
                      {states.map(([code, name]) => (
                        <option key={code} value={code}>
                          {name}
                        </option>
                      ))}
                    </select>
                    {showStateError && (
                      <p id={errorIdOf(FIELD_ID.state)} className="validated-input__error" role="alert">
                        {`Please select a ${stateLabel.toLowerCase()}`}
                      </p>
                    )}
                  </div>
                ) : (
                  <ValidatedTextInput
                    ref={stateField}
                    id={FIELD_ID.state}
                    label={stateLabel}
                    value={values.state}
                    onChange={set('state')}
                    required={rules?.state.required ?? false}
                    autoComplete="address-level1"
                    showError={submitted}
                  />
                ))}
              {!rules?.city.hidden && (
                <ValidatedTextInput
                  ref={cityField}
                  id={FIELD_ID.city}
                  label={rules?.city.label ?? 'Town / City'}
                  value={values.city}
                  onChange={set('city')}
                  required={rules?.city.required ?? true}
                  autoComplete="address-level2"
                  showError={submitted}
                />
              )}
              {!rules?.postcode.hidden && (
                <ValidatedTextInput
                  ref={postcodeField}
                  id={FIELD_ID.postcode}
                  label={postcodeLabel}
                  value={values.postcode}
                  onChange={set('postcode')}
                  required={rules?.postcode.required ?? true}
                  autoComplete="postal-code"
                  {...(checkPostcode !== undefined && { check: checkPostcode })}
                  showError={submitted}
                />
              )}
              {saveError !== null && (
                <p className="shipping-calculator__error" role="alert">
                  {saveError}
                </p>
              )}
              <button type="submit" className="shipping-calculator__submit" disabled={saving}>
                Update
              </button>
            </>
          )}
        </form>
      )}
    </div>
  );
}

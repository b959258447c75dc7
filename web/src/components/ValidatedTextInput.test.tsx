import { getByRole, queryByRole } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { act, useRef, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { interact, leave, mountReact, typeInto, type Mounted } from '../testing/mount-react';
import { ValidatedTextInput, type ValidatedTextInputHandle } from './ValidatedTextInput';

let submitted: boolean | null = null;

function Harness(props: { type?: 'text' | 'email'; check?: (v: string) => string | null; errorMessage?: string }) {
  const [value, setValue] = useState('');
  const field = useRef<ValidatedTextInputHandle>(null);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submitted = field.current?.validate() ?? null;
      }}
    >
      <ValidatedTextInput ref={field} id="email" label="Email address" required value={value} onChange={setValue} {...props} />
      <button type="submit">Save</button>
    </form>
  );
}

let mounted: Mounted;
afterEach(() => {
  mounted.unmount();
  submitted = null;
});

const input = () => getByRole(mounted.container, 'textbox', { name: /Email address/ });

describe('ValidatedTextInput', () => {
  it('keeps the error hidden while typing and shows it, with aria-invalid, once the field is left', () => {
    mounted = mountReact(<Harness type="email" />);
    typeInto(input(), 'not-an-email');
    expect(queryByRole(mounted.container, 'alert')).toBeNull();
    expect(input().getAttribute('aria-invalid')).toBeNull();
    leave();
    const alert = getByRole(mounted.container, 'alert');
    expect(alert.textContent).toBe('Please enter a valid email address');
    expect(alert.id).toBe('validate-error-email');
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(input().getAttribute('aria-describedby')).toBe('validate-error-email');
  });

  it('shows the error on submit, and a value of spaces counts as missing', async () => {
    mounted = mountReact(<Harness />);
    typeInto(input(), '   ');
    await interact(() => userEvent.click(getByRole(mounted.container, 'button', { name: 'Save' })));
    expect(submitted).toBe(false);
    expect(getByRole(mounted.container, 'alert').textContent).toBe('Please enter a valid email address');
  });

  it('clears the error when the value becomes valid', async () => {
    mounted = mountReact(<Harness type="email" />);
    typeInto(input(), 'a@');
    leave();
    expect(queryByRole(mounted.container, 'alert')).not.toBeNull();
    typeInto(input(), 'example.com');
    expect(queryByRole(mounted.container, 'alert')).toBeNull();
    expect(input().getAttribute('aria-invalid')).toBeNull();
    await interact(() => userEvent.click(getByRole(mounted.container, 'button', { name: 'Save' })));
    expect(submitted).toBe(true);
  });

  it('shows a custom check’s message, and an explicit errorMessage over it', () => {
    const check = (v: string) => (v.endsWith('.test') ? 'No test domains' : null);
    mounted = mountReact(<Harness check={check} />);
    typeInto(input(), 'a@b.test');
    leave();
    expect(getByRole(mounted.container, 'alert').textContent).toBe('No test domains');
    mounted.rerender(<Harness check={check} errorMessage="Taken" />);
    expect(getByRole(mounted.container, 'alert').textContent).toBe('Taken');
  });

  it('trims the value when the field is left', () => {
    mounted = mountReact(<Harness />);
    typeInto(input(), '  a@b.c  ');
    act(() => {
      input().blur();
    });
    expect((input() as HTMLInputElement).value).toBe('a@b.c');
  });
});

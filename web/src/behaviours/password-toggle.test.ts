import { getByLabelText, getByRole, queryByRole } from '@testing-library/dom';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { HIDE_PASSWORD, SHOW_PASSWORD, passwordToggle, toggleName } from './password-toggle';
import { accountFormBehaviours } from './account-forms';
import { createBehaviourRunner } from './runner';

function loginForm(): HTMLFormElement {
  document.body.innerHTML = `
    <form action="/my-account/" method="post" aria-label="Login">
      <label for="password">Password</label>
      <span class="password-input"><input type="password" id="password" name="password" data-behaviour="password-toggle"></span>
      <button type="submit">Log in</button>
    </form>`;
  const form = document.querySelector('form');
  if (form === null) {
    throw new Error('bad fixture');
  }
  form.addEventListener('submit', (event) => {
    event.preventDefault();
  });
  return form;
}

beforeEach(() => {
  document.body.replaceChildren();
});

describe('password-toggle behaviour', () => {
  it('names the button for what it will do', () => {
    expect(toggleName(false)).toBe(SHOW_PASSWORD);
    expect(toggleName(true)).toBe(HIDE_PASSWORD);
  });

  it('adds a Show password button that shows the text, then hides it again', async () => {
    const form = loginForm();
    createBehaviourRunner(accountFormBehaviours).attachAll(document.body);
    const input = getByLabelText<HTMLInputElement>(form, 'Password');
    await userEvent.type(input, 'secret words');

    const show = getByRole(form, 'button', { name: 'Show password' });
    expect(show.getAttribute('type')).toBe('button');
    expect(show.getAttribute('aria-controls')).toBe('password');
    await userEvent.click(show);
    expect(input.type).toBe('text');
    expect(input.value).toBe('secret words');
    expect(queryByRole(form, 'button', { name: 'Show password' })).toBeNull();

    await userEvent.click(getByRole(form, 'button', { name: 'Hide password' }));
    expect(input.type).toBe('password');
    getByRole(form, 'button', { name: 'Show password' });
  });

  it('turns the field back into a password field when the form is sent', async () => {
    const form = loginForm();
    createBehaviourRunner(accountFormBehaviours).attachAll(document.body);
    const input = getByLabelText<HTMLInputElement>(form, 'Password');
    await userEvent.click(getByRole(form, 'button', { name: 'Show password' }));
    expect(input.type).toBe('text');

    await userEvent.click(getByRole(form, 'button', { name: 'Log in' }));
    expect(input.type).toBe('password');
    getByRole(form, 'button', { name: 'Show password' });
  });

  it('leaves other fields alone and takes its button away when detached', async () => {
    const form = loginForm();
    const text = document.createElement('input');
    text.type = 'text';
    form.append(text);
    expect(passwordToggle.attach(text)).toBeUndefined();

    const input = getByLabelText<HTMLInputElement>(form, 'Password');
    const detach = passwordToggle.attach(input);
    await userEvent.click(getByRole(form, 'button', { name: 'Show password' }));
    expect(typeof detach).toBe('function');
    if (typeof detach === 'function') {
      detach();
    }
    expect(input.type).toBe('password');
    expect(queryByRole(form, 'button', { name: /password/ })).toBeNull();
  });
});

import { getByLabelText } from '@testing-library/dom';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { descriptionsOf, visibleAfter } from './input-description';
import { accountFormBehaviours } from './account-forms';
import { createBehaviourRunner } from './runner';

function registerForm(): HTMLFormElement {
  document.body.innerHTML = `
    <form aria-label="Register">
      <p class="form-row">
        <label for="reg_email">Email address</label>
        <input type="email" id="reg_email" name="email">
      </p>
      <p class="form-row">
        <label for="reg_password">Password</label>
        <span class="password-input"><input type="password" id="reg_password" name="password" aria-describedby="reg_password-description other" data-behaviour="password-toggle input-description"></span>
        <span class="description" id="reg_password-description">A long password is a strong one.</span>
      </p>
      <p id="other">Not a description of the field's own.</p>
    </form>`;
  const form = document.querySelector('form');
  if (form === null) {
    throw new Error('bad fixture');
  }
  createBehaviourRunner(accountFormBehaviours).attachAll(document.body);
  return form;
}

function description(): HTMLElement {
  const el = document.getElementById('reg_password-description');
  if (el === null) {
    throw new Error('no description');
  }
  return el;
}

beforeEach(() => {
  document.body.replaceChildren();
});

describe('input-description behaviour', () => {
  it('shows on focus and click, hides on Escape and outside', () => {
    expect(visibleAfter('focus')).toBe(true);
    expect(visibleAfter('click')).toBe(true);
    expect(visibleAfter('escape')).toBe(false);
    expect(visibleAfter('outside')).toBe(false);
  });

  it('finds only the .description elements the field names', () => {
    const form = registerForm();
    const input = getByLabelText(form, 'Password');
    expect(descriptionsOf(input).map((el) => el.id)).toEqual(['reg_password-description']);
  });

  it('is hidden until the shopper is at the field, and stays its accessible description', async () => {
    const form = registerForm();
    const input = getByLabelText(form, 'Password');
    expect(description().hidden).toBe(true);
    expect(input.getAttribute('aria-describedby')).toContain('reg_password-description');

    await userEvent.tab();
    await userEvent.tab();
    expect(document.activeElement).toBe(input);
    expect(description().hidden).toBe(false);
  });

  it('hides on Escape without letting the key go further, and shows again on a click', async () => {
    const form = registerForm();
    const input = getByLabelText(form, 'Password');
    let escapesOutside = 0;
    document.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') {
        escapesOutside += 1;
      }
    });
    await userEvent.click(input);
    expect(description().hidden).toBe(false);

    await userEvent.keyboard('{Escape}');
    expect(description().hidden).toBe(true);
    expect(escapesOutside).toBe(0);
    expect(document.activeElement).toBe(input);

    // Hidden already: this Escape is the page's (a dialog closes on it).
    await userEvent.keyboard('{Escape}');
    expect(escapesOutside).toBe(1);

    await userEvent.click(input);
    expect(description().hidden).toBe(false);
  });

  it('hides on a click outside the field and when the focus moves to another field', async () => {
    const form = registerForm();
    const input = getByLabelText(form, 'Password');
    await userEvent.click(input);
    await userEvent.click(document.body);
    expect(description().hidden).toBe(true);

    await userEvent.click(input);
    // A click on the description itself keeps it.
    await userEvent.click(description());
    expect(description().hidden).toBe(false);
    await userEvent.click(getByLabelText(form, 'Email address'));
    expect(description().hidden).toBe(true);

    await userEvent.click(input);
    await userEvent.tab({ shift: true });
    expect(description().hidden).toBe(true);
  });

  it('waits for a click outside to finish, so what is below does not move under the pointer', async () => {
    const form = registerForm();
    const input = getByLabelText(form, 'Password');
    const email = getByLabelText(form, 'Email address');
    await userEvent.click(input);
    const user = userEvent.setup();
    await user.pointer({ keys: '[MouseLeft>]', target: email });
    expect(document.activeElement).toBe(email);
    expect(description().hidden).toBe(false);
    await user.pointer({ keys: '[/MouseLeft]', target: email });
    expect(description().hidden).toBe(true);
  });
});

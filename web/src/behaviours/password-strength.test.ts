import { getByLabelText, getByText } from '@testing-library/dom';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountFormBehaviours, passwordField } from './account-forms';
import { type HintChunk, isNewPasswordField, newPasswordHint } from './new-password';
import { createBehaviourRunner } from './runner';

/** The register form as the server writes it (account/login_forms.html). */
const REGISTER = `
  <form method="post" action="/my-account/" aria-label="Register">
    <p class="form-row">
      <label for="reg_email">Email address</label>
      <input type="email" name="email" id="reg_email" autocomplete="email">
    </p>
    <p class="form-row">
      <label for="reg_password">Password</label>
      <span class="password-input"><input type="password" name="password" id="reg_password" autocomplete="new-password" data-behaviour="password-toggle" aria-describedby="reg_password-description"></span>
      <span class="description" id="reg_password-description">A long password is a strong one.</span>
    </p>
  </form>`;

/** The account-details form: a current password, a new one and its confirmation. */
const DETAILS = `
  <form method="post" action="/my-account/edit-account/" aria-label="Account details">
    <label for="account_first_name">First name</label>
    <input type="text" name="account_first_name" id="account_first_name" autocomplete="given-name" value="Alicja">
    <label for="account_email">Email address</label>
    <input type="email" name="account_email" id="account_email" autocomplete="email" value="ala@example.pl">
    <label for="password_current">Current password</label>
    <span class="password-input"><input type="password" name="password_current" id="password_current" autocomplete="current-password" data-behaviour="password-toggle"></span>
    <label for="password_1">New password</label>
    <span class="password-input"><input type="password" name="password_1" id="password_1" autocomplete="new-password" data-behaviour="password-toggle"></span>
    <label for="password_2">Confirm new password</label>
    <span class="password-input"><input type="password" name="password_2" id="password_2" autocomplete="new-password" data-behaviour="password-toggle"></span>
  </form>`;

let stop: (() => void) | undefined;

/** Attaches the account forms' behaviours as the page does (now and to content added later). */
function start(load?: () => Promise<HintChunk>): void {
  const registry =
    load === undefined ? accountFormBehaviours : { ...accountFormBehaviours, 'password-toggle': passwordField(newPasswordHint(load)) };
  const runner = createBehaviourRunner(registry);
  runner.attachAll(document.body);
  stop = runner.observe(document.body);
}

/** The hint the field's aria-describedby names (the last name it carries). */
function hintOf(input: HTMLInputElement): HTMLElement {
  const id = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).at(-1) ?? '';
  const hint = document.getElementById(id);
  if (!hint?.classList.contains('password-strength')) {
    throw new Error(`no hint for ${input.id}`);
  }
  return hint;
}

/**
 * Puts `text` into the emptied field (pasted: one input event, so the hint can only say
 * nothing or what it says of `text`) and waits until its hint says `expected`.
 */
async function hintAfterTyping(input: HTMLInputElement, text: string, expected: string | RegExp): Promise<HTMLElement> {
  await userEvent.clear(input);
  await userEvent.paste(text);
  await vi.waitFor(() => {
    const said = hintOf(input).textContent;
    if (typeof expected === 'string') {
      expect(said).toBe(expected);
    } else {
      expect(said).toMatch(expected);
    }
  });
  return hintOf(input);
}

beforeEach(() => {
  document.body.replaceChildren();
});

afterEach(() => {
  stop?.();
  stop = undefined;
});

describe('new-password strength hint', () => {
  it('says as the shopper types whether the server will take the password', async () => {
    document.body.innerHTML = REGISTER;
    start();
    const input = getByLabelText<HTMLInputElement>(document.body, 'Password');

    const hint = await hintAfterTyping(input, 'abc', 'Too short: use at least 8 characters.');
    expect(hint.getAttribute('aria-live')).toBe('polite');
    // The description the field already had is still named, before the hint.
    expect(input.getAttribute('aria-describedby')).toBe(`reg_password-description ${hint.id}`);
    // After the field's wrapper (where the show-password button lives), not inside it.
    expect(hint.previousElementSibling?.classList.contains('password-input')).toBe(true);

    await hintAfterTyping(input, 'password', /^Too easy to guess\. This is a top-10 common password\./);
    expect(hint.dataset.level).toBe('too_guessable');

    await hintAfterTyping(input, 'Password1!', /^Too easy to guess\./);

    await hintAfterTyping(input, 'correct horse battery staple', 'Strong');
    expect(hint.dataset.level).toBe('strong');

    await hintAfterTyping(input, 'vjq8#Lm2pz', 'Good');

    await userEvent.clear(input);
    await vi.waitFor(() => {
      expect(hint.textContent).toBe('');
    });
  });

  it('refuses the email address the shopper typed in the same form', async () => {
    document.body.innerHTML = REGISTER;
    start();
    await userEvent.type(getByLabelText(document.body, 'Email address'), 'kowalczykowa@example.pl');
    const input = getByLabelText<HTMLInputElement>(document.body, 'Password');
    await hintAfterTyping(input, 'kowalczykowa', /^Too easy to guess\./);

    await userEvent.clear(getByLabelText(document.body, 'Email address'));
    await userEvent.type(getByLabelText(document.body, 'Email address'), 'jane@example.com');
    await hintAfterTyping(input, 'kowalczykowa', /^(Good|Strong)$/);
  });

  it('fetches the chunk only when the shopper reaches a new-password field', async () => {
    document.body.innerHTML = DETAILS;
    const load = vi.fn(() => import('./password-strength'));
    start(load);
    await userEvent.click(getByLabelText(document.body, 'First name'));
    await userEvent.type(getByLabelText(document.body, 'Current password'), 'old secret');
    expect(load).not.toHaveBeenCalled();

    const input = getByLabelText<HTMLInputElement>(document.body, 'New password');
    await userEvent.click(input);
    expect(load).toHaveBeenCalledTimes(1);
    // The shopper's own first name is too easy.
    await hintAfterTyping(input, 'alicja2024', /^Too easy to guess\./);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('leaves the confirmation field and the current password without a hint', async () => {
    document.body.innerHTML = DETAILS;
    start();
    const current = getByLabelText<HTMLInputElement>(document.body, 'Current password');
    const confirmation = getByLabelText<HTMLInputElement>(document.body, 'Confirm new password');
    expect(isNewPasswordField(getByLabelText(document.body, 'New password'))).toBe(true);
    expect(isNewPasswordField(confirmation)).toBe(false);
    expect(isNewPasswordField(current)).toBe(false);

    await userEvent.type(getByLabelText(document.body, 'New password'), 'abc');
    await vi.waitFor(() => getByText(document.body, 'Too short: use at least 8 characters.'));
    await userEvent.type(confirmation, 'abc');
    await userEvent.type(current, 'abc');
    expect(document.querySelectorAll('.password-strength')).toHaveLength(1);
    expect(confirmation.hasAttribute('aria-describedby')).toBe(false);
  });

  it('gives a hint to a field that appears later, as in the login popup', async () => {
    start();
    const dialog = document.createElement('dialog');
    document.body.append(dialog);
    dialog.innerHTML = REGISTER.replaceAll('reg_', 'popup-reg_');
    const input = getByLabelText<HTMLInputElement>(dialog, 'Password');
    const hint = await hintAfterTyping(input, 'qwertyui', /^Too easy to guess\./);
    expect(dialog.contains(hint)).toBe(true);
  });

  it('counts what was typed before the chunk came', async () => {
    document.body.innerHTML = REGISTER;
    let arrive: (() => void) | undefined;
    const held = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    start(() => held.then(() => import('./password-strength')));
    const input = getByLabelText<HTMLInputElement>(document.body, 'Password');
    await userEvent.type(input, 'iloveyou');
    expect(document.querySelector('.password-strength')).toBeNull();
    arrive?.();
    await vi.waitFor(() => {
      expect(hintOf(input).textContent).toMatch(/^Too easy to guess\./);
    });
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser, renderPage } from '../../../test/render';
import { mockFetch } from '../../../test/fetch-mock';
import { ProfileDialog } from './profile-dialog';

afterEach(() => vi.unstubAllGlobals());

function open(onClose = vi.fn(), path = '/en/dashboard') {
  const user = makeUser();
  const r = renderPage(<ProfileDialog user={user} open onClose={onClose} />, { path, user });
  return { ...r, onClose, user };
}
const field = (name: RegExp) => screen.getByLabelText(name, { selector: 'input' });

describe('profile dialog', () => {
  it('shows every field, 800 wide, with show/hide toggles on the passwords', async () => {
    mockFetch({});
    open();
    const dialog = await screen.findByRole('dialog', { name: /my profile/i });
    expect(dialog).toHaveStyle({ width: '800px' });
    for (const label of [
      /first name/i,
      /last name/i,
      /e-mail/i,
      /current password/i,
      /^new password/i,
      /confirm the new password/i,
    ]) {
      expect(field(label)).toBeInTheDocument();
    }
    expect(screen.getByRole('combobox', { name: /language/i })).toHaveTextContent('English');
    const newPassword = field(/^new password/i);
    expect(newPassword).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getAllByRole('button', { name: 'Show password' })[1]!);
    expect(newPassword).toHaveAttribute('type', 'text');
  });

  it('validates the fields of spec section 5 and sends nothing while invalid', async () => {
    const { calls } = mockFetch({});
    open();
    await screen.findByRole('dialog');
    await userEvent.clear(field(/first name/i));
    await userEvent.type(field(/first name/i), '   ');
    await userEvent.clear(field(/e-mail/i));
    await userEvent.type(field(/e-mail/i), 'jane@@example.com');
    await userEvent.type(field(/confirm the new password/i), 'Something-1234');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(field(/first name/i)).toHaveAccessibleDescription('Required');
    expect(field(/e-mail/i)).toHaveAccessibleDescription('Enter a valid e-mail address');
    expect(field(/current password/i)).toHaveAccessibleDescription('Required');
    expect(field(/confirm the new password/i)).toHaveAccessibleDescription(
      'The confirmation does not match the new password',
    );
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('says what a weak new password lacks', async () => {
    mockFetch({});
    open();
    await screen.findByRole('dialog');
    await userEvent.type(field(/current password/i), 'Demo-password-1');
    await userEvent.type(field(/^new password/i), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(field(/^new password/i)).toHaveAccessibleDescription(
      'The password needs at least 12 characters and 2 more of an uppercase letter, a digit, or a special character.',
    );
  });

  it('asks before losing changes and closes without asking when nothing changed', async () => {
    mockFetch({});
    const { onClose } = open();
    await screen.findByRole('dialog');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('confirms with warning_changes_lost when dirty', async () => {
    mockFetch({});
    const { onClose } = open();
    await screen.findByRole('dialog');
    await userEvent.type(field(/last name/i), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Your changes will be lost. Close anyway?')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('saves the profile and a password change, then says so', async () => {
    const { calls } = mockFetch({
      'PUT /api/User/profile': (c) => ({ body: { ...makeUser(), ...(c.body as object) } }),
    });
    const { onClose } = open();
    await screen.findByRole('dialog');
    await userEvent.clear(field(/first name/i));
    await userEvent.type(field(/first name/i), ' Janet ');
    await userEvent.type(field(/current password/i), 'Demo-password-1');
    await userEvent.type(field(/^new password/i), 'Brand-new-pass-42');
    await userEvent.type(field(/confirm the new password/i), 'Brand-new-pass-42');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      id: makeUser().id,
      firstName: 'Janet',
      lastName: 'Doe',
      email: 'jane.doe@example.com',
      language: 'en',
      oldPassword: 'Demo-password-1',
      newPassword: 'Brand-new-pass-42',
      newPasswordConfirmation: 'Brand-new-pass-42',
    });
    expect(await screen.findByText('Your profile has been updated.')).toBeVisible();
  });

  it('shows the failure message and the field the server names', async () => {
    mockFetch({
      'PUT /api/User/profile': () => ({
        status: 400,
        body: {
          error: 'old_password_invalid',
          message: 'old_password_invalid',
          field: 'oldPassword',
          statusCode: 400,
        },
      }),
    });
    const { onClose } = open();
    await screen.findByRole('dialog');
    await userEvent.type(field(/current password/i), 'Wrong-password-1');
    await userEvent.type(field(/^new password/i), 'Brand-new-pass-42');
    await userEvent.type(field(/confirm the new password/i), 'Brand-new-pass-42');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your profile could not be updated.')).toBeVisible();
    expect(field(/current password/i)).toHaveAccessibleDescription('This is not your current password');
    expect(onClose).not.toHaveBeenCalled();
  });
  const rejectPassword = (body: object) => {
    mockFetch({ 'PUT /api/User/profile': () => ({ status: 400, body }) });
    open();
  };
  const submitPasswordChange = async () => {
    await screen.findByRole('dialog');
    await userEvent.type(field(/current password/i), 'Demo-password-1');
    await userEvent.type(field(/^new password/i), 'Brand-new-pass-42');
    await userEvent.type(field(/confirm the new password/i), 'Brand-new-pass-42');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Your profile could not be updated.', { selector: 'div *' }),
    ).toBeVisible();
  };

  it('translates the password-rule answer from its code and details, not its English message', async () => {
    rejectPassword({
      error: 'password_rule',
      message: 'newPassword: the password does not follow the rule (missing: length)',
      field: 'newPassword',
      statusCode: 400,
      missing: ['length'],
      classesShort: 0,
    });
    await submitPasswordChange();
    await waitFor(() =>
      expect(field(/^new password/i)).toHaveAccessibleDescription(
        'The password needs at least 12 characters.',
      ),
    );
  });

  it('never translates a message string: an unknown code gets the generic failure text', async () => {
    // the message happens to be an i18n key ("Required"); only the code decides the text
    rejectPassword({ error: 'bad_request', message: 'required', field: 'oldPassword', statusCode: 400 });
    await submitPasswordChange();
    await waitFor(() =>
      expect(field(/current password/i)).toHaveAccessibleDescription('Your profile could not be updated.'),
    );
  });
});

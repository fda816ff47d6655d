import { AUTH_MESSAGES } from '@app/contracts/messages';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { authSession } from '../../../lib/auth-client';
import { SESSION_USER, startLibraryApi } from '../../../testing/library-api';
import { json, renderWithApp } from '../../../testing/render';
import AccountPage from './account-settings';
import { LoginPage, ResetPasswordPage } from './auth-forms';

let api: Awaited<ReturnType<typeof startLibraryApi>> | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
  await authSession.signOut().catch(() => {});
});

const status = () => screen.getByRole('status');
const green = (el: HTMLElement) => el.className.includes('emerald');

describe('login messages', () => {
  it("the verification link's landing says the email is verified, in green", async () => {
    api = await startLibraryApi({ signedIn: false });
    renderWithApp(<LoginPage />, { path: '/login?verified=1' });
    expect(status().textContent).toBe(AUTH_MESSAGES.emailVerified);
    expect(green(status())).toBe(true);
  });

  it('an invalid or expired link says so in red and offers a new mail', async () => {
    api = await startLibraryApi({ signedIn: false });
    renderWithApp(<LoginPage />, { path: '/login?verified=1&error=TOKEN_EXPIRED' });
    expect(status().textContent).toBe(AUTH_MESSAGES.verifyLinkInvalid);
    expect(green(status())).toBe(false);
    expect(screen.getByRole('button', { name: 'Resend verification email' })).toBeTruthy();
  });

  it('after an unverified sign-in, resends the verification mail to the typed address', async () => {
    const sent: unknown[] = [];
    api = await startLibraryApi({ signedIn: false }, (req, res, body) => {
      if (req.url === '/api/auth/sign-in/email') {
        json(res, { code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' }, 403);
        return true;
      }
      if (req.url === '/api/auth/send-verification-email') {
        sent.push(body);
        json(res, { status: true });
        return true;
      }
      return false;
    });
    renderWithApp(<LoginPage />, { path: '/login' });
    expect(screen.queryByRole('button', { name: 'Resend verification email' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'new@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(status().textContent).toBe(AUTH_MESSAGES.unverified));
    expect(green(status())).toBe(true); // 'Please verify your email' is green (spec)

    fireEvent.click(screen.getByRole('button', { name: 'Resend verification email' }));
    await waitFor(() => expect(status().textContent).toBe(AUTH_MESSAGES.registered));
    expect(green(status())).toBe(true);
    expect(sent).toEqual([{ email: 'new@example.com', callbackURL: '/login?verified=1' }]);
  });

  it('a changed password lands on the login page in green', async () => {
    api = await startLibraryApi({ signedIn: false }, (req, res) => {
      if (req.url === '/api/auth/reset-password') {
        json(res, { status: true });
        return true;
      }
      return false;
    });
    const { pathname } = renderWithApp(<ResetPasswordPage />, { path: '/reset-password?token=abc' });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'another1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    await waitFor(() => expect(pathname()).toBe('/login'));
    // What the login page shows with the state it was handed.
    renderWithApp(<LoginPage />, {
      path: '/login',
      state: { message: AUTH_MESSAGES.passwordChanged, tone: 'success' },
    });
    expect(status().textContent).toBe(AUTH_MESSAGES.passwordChanged);
    expect(green(status())).toBe(true);
  });

  it('a reset link the server refused shows why and sends a new one, with no password form', async () => {
    const sent: unknown[] = [];
    api = await startLibraryApi({ signedIn: false }, (req, res, body) => {
      if (req.url === '/api/auth/request-password-reset') {
        sent.push(body);
        json(res, { status: true });
        return true;
      }
      return false;
    });
    renderWithApp(<ResetPasswordPage />, { path: '/reset-password?error=INVALID_TOKEN' });
    expect(status().textContent).toBe('This reset link is invalid or has expired. Please ask for a new one.');
    expect(screen.queryByLabelText('New password')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Send a new link' }));
    await waitFor(() =>
      expect(status().textContent).toBe('Please enter your email address to reset your password.'),
    );
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' ada@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send a new link' }));
    await waitFor(() => expect(status().textContent).toBe(AUTH_MESSAGES.resetSent));
    expect(green(status())).toBe(true);
    expect(sent).toEqual([{ email: 'ada@example.com', redirectTo: '/reset-password' }]);
  });

  it('a token refused when the password is saved turns the page into the new-link form', async () => {
    api = await startLibraryApi({ signedIn: false }, (req, res) => {
      if (req.url === '/api/auth/reset-password') {
        json(res, { code: 'INVALID_TOKEN', message: 'Invalid token' }, 400);
        return true;
      }
      return false;
    });
    renderWithApp(<ResetPasswordPage />, { path: '/reset-password?token=garbage' });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'another1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    await waitFor(() =>
      expect(status().textContent).toBe(
        'This reset link is invalid or has expired. Please ask for a new one.',
      ),
    );
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(screen.getByRole('button', { name: 'Send a new link' })).toBeTruthy();
  });

  it('other messages keep the spec rule: red unless they say an email was sent', async () => {
    api = await startLibraryApi({ signedIn: false });
    renderWithApp(<LoginPage />, { path: '/login' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(status().textContent).toBe('Please enter a valid email address'));
    expect(green(status())).toBe(false);
  });
});

describe('account page', () => {
  it('saves the display name', async () => {
    const updates: unknown[] = [];
    api = await startLibraryApi({}, (req, res, body) => {
      if (req.url === '/api/auth/update-user') {
        updates.push(body);
        json(res, { status: true });
        return true;
      }
      return false;
    });
    renderWithApp(<AccountPage />, { path: '/account', auth: true });
    const name = (await screen.findByLabelText('Display name')) as HTMLInputElement;
    expect(name.value).toBe(SESSION_USER.name);
    const save = screen.getByRole('button', { name: 'Save name' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(name, { target: { value: '  Eve Q. ' } });
    fireEvent.click(save);
    expect(await screen.findByText('Your display name was saved.')).toBeTruthy();
    expect(updates).toEqual([{ name: 'Eve Q.' }]);
    expect(authSession.currentUser?.displayName).toBe('Eve Q.');
  });

  it('changes the password, saying so when the current one is wrong', async () => {
    const tries: unknown[] = [];
    api = await startLibraryApi({}, (req, res, body) => {
      if (req.url === '/api/auth/change-password') {
        tries.push(body);
        if (body.currentPassword !== 'right-one')
          json(res, { code: 'INVALID_PASSWORD', message: 'Invalid password' }, 400);
        else json(res, { token: 't', user: SESSION_USER });
        return true;
      }
      return false;
    });
    renderWithApp(<AccountPage />, { path: '/account', auth: true });
    const current = await screen.findByLabelText('Current password');
    const next = screen.getByLabelText('New password');
    const submit = screen.getByRole('button', { name: 'Change password' });
    fireEvent.change(current, { target: { value: 'wrong-one' } });
    fireEvent.change(next, { target: { value: '123' } });
    fireEvent.click(submit);
    expect(await screen.findByText('Password must be at least 6 characters long')).toBeTruthy();
    expect(tries).toEqual([]);
    fireEvent.change(next, { target: { value: 'brand-new' } });
    fireEvent.click(submit);
    expect(await screen.findByText(AUTH_MESSAGES.wrongCurrentPassword)).toBeTruthy();
    fireEvent.change(current, { target: { value: 'right-one' } });
    fireEvent.click(submit);
    expect(await screen.findByText(/Your password was changed/)).toBeTruthy();
    expect(tries.at(-1)).toEqual({
      currentPassword: 'right-one',
      newPassword: 'brand-new',
      revokeOtherSessions: true,
    });
  });

  it('deletes the account after confirming with the password, then goes home signed out', async () => {
    const deletes: unknown[] = [];
    api = await startLibraryApi({}, (req, res, body) => {
      if (req.url === '/api/auth/delete-user') {
        deletes.push(body);
        json(res, { success: true, message: 'User deleted' });
        return true;
      }
      return false;
    });
    const { pathname } = renderWithApp(<AccountPage />, { path: '/account', auth: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret123' } });
    expect(deletes).toEqual([]);
    fireEvent.click(dialog.querySelector('button[type="submit"]')!);
    await waitFor(() => expect(pathname()).toBe('/'));
    expect(deletes).toEqual([{ password: 'secret123' }]);
    expect(authSession.currentUser).toBeNull();
  });

  it('signed out, it asks to log in', async () => {
    api = await startLibraryApi({ signedIn: false });
    renderWithApp(<AccountPage />, { path: '/account', auth: true });
    expect(await screen.findByText('Sign in to see this page')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(screen.getByText('to manage your account.', { exact: false })).toBeTruthy();
  });
});

import { PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT } from '@app/contracts/messages';
import { useState, type ReactNode } from 'react';
import toast from '../../../lib/toast';
import { Link, useNavigate } from 'react-router';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { authFlows } from '../api/auth-flows';
import { useAuth } from '../../../lib/auth';
import { useFormAction } from '../hooks/use-form-action';
import { Field, primary, Status } from './auth-forms';
import { PageShell } from '../../../components/layouts/page-shell';
import { SignInFirst } from '../../../components/layouts/sign-in-first';

const DISPLAY_NAME_MAX = 60;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={title.replace(/\W+/g, '-').toLowerCase()}
      className="rounded-2xl bg-zinc-900 p-6 ring-1 ring-white/10"
    >
      <h2 id={title.replace(/\W+/g, '-').toLowerCase()} className="mb-4 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function DisplayNameForm({ current }: { current: string }) {
  const [name, setName] = useState(current);
  const { notice, busy, submit } = useFormAction();
  const trimmed = name.trim();
  return (
    <form
      onSubmit={submit(async () => {
        if (!trimmed) return 'Please enter a display name.';
        await authFlows.updateDisplayName(trimmed);
        return { message: 'Your display name was saved.', tone: 'success' };
      })}
      noValidate
      className="space-y-4"
    >
      <Field
        id="display-name"
        label="Display name"
        autoComplete="name"
        value={name}
        maxLength={DISPLAY_NAME_MAX}
        onChange={(e) => setName(e.target.value)}
      />
      <Status message={notice.message} tone={notice.tone} />
      <button type="submit" disabled={busy || trimmed === current} className={primary}>
        {busy ? 'Saving…' : 'Save name'}
      </button>
    </form>
  );
}

function PasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const { notice, busy, submit } = useFormAction();
  return (
    <form
      onSubmit={submit(async () => {
        if (!current) return 'Please enter your current password.';
        if (next.length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT;
        await authFlows.changePassword(current, next);
        setCurrent('');
        setNext('');
        return { message: 'Your password was changed. Your other devices were signed out.', tone: 'success' };
      })}
      noValidate
      className="space-y-4"
    >
      <Field
        id="current-password"
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
      />
      <Field
        id="new-password"
        label="New password"
        type="password"
        autoComplete="new-password"
        value={next}
        onChange={(e) => setNext(e.target.value)}
        hint={`Must be at least ${PASSWORD_MIN_LENGTH} characters`}
      />
      <Status message={notice.message} tone={notice.tone} />
      <button type="submit" disabled={busy} className={primary}>
        {busy ? 'Changing…' : 'Change password'}
      </button>
    </form>
  );
}

/** Deleting asks for the password in a dialog; everything kept for the account goes with it. */
function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const { notice, busy, submit, say } = useFormAction();
  const navigate = useNavigate();
  const close = () => {
    setOpen(false);
    setPassword('');
    say('');
  };
  return (
    <>
      <p className="text-sm text-zinc-400">
        Your likes, watch list, playlists and recently visited movies are deleted with your account. This
        cannot be undone.
      </p>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="mt-4 rounded-lg px-4 py-2.5 text-sm font-semibold text-red-300 ring-1 ring-white/15 hover:bg-white/10"
      >
        Delete account
      </button>
      {open && (
        <Modal title="Delete your account?" onClose={close}>
          <form
            onSubmit={submit(async () => {
              await authFlows.deleteAccount(password);
              toast.success('Your account was deleted.');
              navigate('/', { replace: true });
            })}
            className="space-y-4"
          >
            <p className="text-sm text-zinc-300">
              Everything kept for this account is deleted. Enter your password to confirm (leave it empty if
              you sign in with Google).
            </p>
            <Field
              id="delete-password"
              label="Password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <Status message={notice.message} tone={notice.tone} />
            <div className="flex justify-end gap-2">
              <button
                type="button"
                onClick={close}
                className="rounded-lg px-4 py-2 text-sm hover:bg-zinc-800"
              >
                Cancel
              </button>
              <button
                type="submit"
                disabled={busy}
                className="rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold hover:bg-red-600 disabled:opacity-40"
              >
                {busy ? 'Deleting…' : 'Delete account'}
              </button>
            </div>
          </form>
        </Modal>
      )}
    </>
  );
}

/**
 * /account: display name, password and account deletion for the signed-in user; `children` are
 * other features' sections (the profile's, issue 46), given by the page after the name.
 */
export default function AccountPage({ children }: { children?: ReactNode }) {
  const { user, ready } = useAuth();
  if (!ready)
    return (
      <PageShell title="Account">
        <Spinner />
      </PageShell>
    );
  if (!user) return <SignInFirst title="Account">to manage your account.</SignInFirst>;
  return (
    <PageShell title="Account" subtitle={user.email}>
      <div className="max-w-3xl space-y-6">
        <Section title="Your name">
          <DisplayNameForm current={user.displayName ?? ''} />
        </Section>
        {children}
        <Section title="Import and export">
          <p className="mb-3 text-sm text-zinc-400">
            Bring your Letterboxd, IMDb or Trakt history, or download everything you keep here.
          </p>
          <Link
            to="/account/import"
            className="inline-block rounded-lg px-4 py-2 text-sm font-semibold ring-1 ring-white/15 hover:bg-white/10"
          >
            Import or export your library
          </Link>
        </Section>
        <Section title="Change password">
          <PasswordForm />
        </Section>
        <Section title="Delete account">
          <DeleteAccount />
        </Section>
      </div>
    </PageShell>
  );
}

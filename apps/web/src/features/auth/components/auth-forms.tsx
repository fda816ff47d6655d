import { AUTH_MESSAGES, PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT } from '@app/contracts/messages';
import { AuthError, browserPopup } from '@app/auth-client';
import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { authFlows } from '../api/auth-flows';
import { useAuth } from '../../../lib/auth';
import { useConfig } from '../../../lib/config';
import { useDocumentTitle } from '../../../lib/document-title';
import { messageOf, useFormAction, type Notice, type Tone } from '../hooks/use-form-action';

export { messageOf, type Tone };

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Green for 'email sent' / 'Verification email sent' / 'Please verify your email', red otherwise. */
export const isPositiveStatus = (msg: string) =>
  /email sent|Verification email sent|Please verify your email/.test(msg);

/**
 * A form's status line. Its colour follows the spec's rule (green for the three phrases, red
 * otherwise) unless `tone` says otherwise: our own success texts, which the spec has not listed
 * ('Your email is verified…', 'Your password was changed…'), are green too.
 */
export function Status({ message, tone }: { message: string; tone?: Tone | undefined }) {
  if (!message) return null;
  const positive = tone ? tone === 'success' : isPositiveStatus(message);
  return (
    <p
      role="status"
      className={`rounded-lg px-3 py-2 text-sm ${positive ? 'bg-emerald-900/40 text-emerald-300' : 'bg-red-900/40 text-red-300'}`}
    >
      {message}
    </p>
  );
}

/** What a page hands to the login page through navigation state. */
export type LoginNotice = Notice;

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="flex min-h-screen items-center justify-center px-4 pb-10 pt-24">
      <div className="w-full max-w-sm rounded-2xl bg-zinc-900 p-8 shadow-2xl ring-1 ring-white/10">
        <h1 className="mb-6 text-2xl font-bold">{title}</h1>
        {children}
      </div>
    </div>
  );
}

export const input =
  'w-full rounded-lg bg-zinc-800 px-3 py-2.5 text-sm outline-none ring-1 ring-white/10 focus:ring-red-500';
export const primary =
  'w-full rounded-lg bg-red-700 py-2.5 font-semibold hover:bg-red-700 disabled:opacity-50';

/** A labelled input of the auth forms, with an optional hint under it (tied by aria-describedby). */
export function Field({
  id,
  label,
  hint,
  ...props
}: { id: string; label: string; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm">
        {label}
      </label>
      <input id={id} aria-describedby={hint ? `${id}-hint` : undefined} className={input} {...props} />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-zinc-400">
          {hint}
        </p>
      )}
    </div>
  );
}

function GoogleButton({ run }: { run: ReturnType<typeof useFormAction>['run'] }) {
  const config = useConfig();
  const navigate = useNavigate();
  if (!config.data?.features.google_sign_in) return null;
  return (
    <button
      type="button"
      onClick={() =>
        run(async () => {
          const { redirectTo } = await authFlows.signInWithGoogle(browserPopup());
          navigate(redirectTo);
        }, 'google')
      }
      className="w-full rounded-lg bg-white py-2.5 font-semibold text-zinc-900 hover:bg-zinc-200"
    >
      Continue with Google
    </button>
  );
}

/** The login page's first message: one handed over by another page, or the verification link's outcome. */
function initialNotice(state: unknown, search: string): LoginNotice {
  const handed = state as Partial<LoginNotice> | null;
  if (handed?.message) return { message: handed.message, ...(handed.tone ? { tone: handed.tone } : {}) };
  const params = new URLSearchParams(search);
  // Better Auth sends a failed verification link back with ?error=INVALID_TOKEN / TOKEN_EXPIRED…
  if (params.get('error')) return { message: AUTH_MESSAGES.verifyLinkInvalid, tone: 'error' };
  if (params.has('verified')) return { message: AUTH_MESSAGES.emailVerified, tone: 'success' };
  return { message: '' };
}

/** Messages after which a new verification mail is what the user needs. */
const NEEDS_VERIFICATION: string[] = [AUTH_MESSAGES.unverified, AUTH_MESSAGES.verifyLinkInvalid];

export function LoginPage() {
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const form = useFormAction(initialNotice(location.state, location.search));
  const navigate = useNavigate();
  const submit = form.submit(async () => {
    if (!EMAIL_PATTERN.test(email)) return 'Please enter a valid email address';
    await authFlows.signIn(email, password);
    navigate('/');
  });
  const forgot = () =>
    form.run(
      () =>
        email.trim()
          ? authFlows.requestPasswordReset(email.trim(), '/reset-password')
          : 'Please enter your email address to reset your password.',
      'forgot',
    );
  const resend = () =>
    form.run(
      () =>
        EMAIL_PATTERN.test(email.trim())
          ? authFlows.resendVerification(email.trim())
          : 'Please enter your email address to get a new verification email.',
      'resend',
    );
  return (
    <AuthCard title="Sign In">
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field
          id="email"
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Field
          id="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Status message={form.notice.message} tone={form.notice.tone} />
        {NEEDS_VERIFICATION.includes(form.notice.message) && (
          <button
            type="button"
            onClick={resend}
            disabled={form.pending === 'resend'}
            className="w-full rounded-lg py-2 text-sm font-medium text-zinc-100 ring-1 ring-white/15 hover:bg-white/10 disabled:opacity-50"
          >
            {form.pending === 'resend' ? 'Sending…' : 'Resend verification email'}
          </button>
        )}
        <button type="submit" disabled={form.busy} className={primary}>
          {form.busy ? 'Signing in…' : 'Sign In'}
        </button>
        <button type="button" onClick={forgot} className="w-full text-sm text-red-400 hover:text-red-300">
          Forgot password?
        </button>
      </form>
      <div className="mt-4 space-y-4">
        <GoogleButton run={form.run} />
        <p className="text-center text-sm text-zinc-400">
          New here?{' '}
          <Link to="/register" className="text-red-400 underline hover:text-red-300">
            Create an account
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}

export function RegisterPage() {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const form = useFormAction();
  const navigate = useNavigate();
  const submit = form.submit(async () => {
    if (!name.trim() || !email.trim() || !password) return 'Name, email and password are required.';
    if (!EMAIL_PATTERN.test(email)) return 'Please enter a valid email address';
    if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT;
    const ok = await authFlows.register(name.trim(), email.trim(), password);
    navigate('/login', { state: { message: ok } satisfies LoginNotice });
  });
  return (
    <AuthCard title="Create Account">
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field
          id="name"
          label="Name"
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <Field
          id="email"
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Field
          id="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          hint={`Must be at least ${PASSWORD_MIN_LENGTH} characters`}
        />
        <Status message={form.notice.message} tone={form.notice.tone} />
        <button type="submit" disabled={form.busy} className={primary}>
          {form.busy ? 'Signing up…' : 'Sign Up'}
        </button>
      </form>
      <div className="mt-4 space-y-4">
        <GoogleButton run={form.run} />
        <p className="text-center text-sm text-zinc-400">
          Already have an account?{' '}
          <Link to="/login" className="text-red-400 underline hover:text-red-300">
            Log in
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}

/** After a Google sign-in without a name: choose the display name. */
export function ProfileSetupPage() {
  const { user, ready } = useAuth();
  const [name, setName] = useState('');
  const form = useFormAction();
  const navigate = useNavigate();
  if (ready && !user) {
    return (
      <AuthCard title="Set up your profile">
        <p className="text-sm text-zinc-400">
          <Link to="/login" className="text-red-400 underline">
            Log in
          </Link>{' '}
          first.
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Set up your profile">
      <form
        onSubmit={form.submit(async () => {
          if (!name.trim()) return 'Please enter a display name.';
          await authFlows.updateDisplayName(name.trim());
          navigate('/');
        })}
        className="space-y-4"
      >
        <p className="text-sm text-zinc-400">How should we call you?</p>
        <Field
          id="display-name"
          label="Display name"
          value={name}
          maxLength={60}
          onChange={(e) => setName(e.target.value)}
        />
        <Status message={form.notice.message} tone={form.notice.tone} />
        <button type="submit" disabled={form.busy} className={primary}>
          Save
        </button>
      </form>
    </AuthCard>
  );
}

const RESET_LINK_INVALID = 'This reset link is invalid or has expired. Please ask for a new one.';

/** Better Auth's codes for a reset token it does not accept (unknown, used or expired). */
const isTokenRefused = (err: unknown) => err instanceof AuthError && /TOKEN/.test(err.code ?? '');

/**
 * Where the reset mail's link lands: choose a new password. A link the server has already refused
 * (it comes back with `?error=`), one without a token, or a token refused on saving shows why and
 * a way to get a new link here, instead of a form that cannot work (a reviewer opened a used link
 * and found the form, and no way on).
 */
export function ResetPasswordPage() {
  const params = new URLSearchParams(useLocation().search);
  const token = params.get('token');
  const [password, setPassword] = useState('');
  const [refused, setRefused] = useState(!token || Boolean(params.get('error')));
  const form = useFormAction({ message: refused ? RESET_LINK_INVALID : '' });
  const navigate = useNavigate();
  if (refused) return <NewResetLink notice={form.notice} />;
  return (
    <AuthCard title="Choose a new password">
      <form
        onSubmit={form.submit(async () => {
          if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT;
          try {
            await authFlows.resetPassword(token!, password);
          } catch (err) {
            if (!isTokenRefused(err)) throw err;
            setRefused(true);
            return RESET_LINK_INVALID;
          }
          navigate('/login', {
            state: { message: AUTH_MESSAGES.passwordChanged, tone: 'success' } satisfies LoginNotice,
          });
        })}
        className="space-y-4"
      >
        <Field
          id="new-password"
          label="New password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          hint={`Must be at least ${PASSWORD_MIN_LENGTH} characters`}
        />
        <Status message={form.notice.message} tone={form.notice.tone} />
        <button type="submit" disabled={form.busy} className={primary}>
          Save password
        </button>
      </form>
    </AuthCard>
  );
}

/** A reset link that cannot be used: why, and a new link sent to the address typed here. */
function NewResetLink({ notice }: { notice: Notice }) {
  const [email, setEmail] = useState('');
  const form = useFormAction(notice);
  return (
    <AuthCard title="Choose a new password">
      <form
        onSubmit={form.submit(() =>
          EMAIL_PATTERN.test(email.trim())
            ? authFlows.requestPasswordReset(email.trim(), '/reset-password')
            : 'Please enter your email address to reset your password.',
        )}
        noValidate
        className="space-y-4"
      >
        <Status message={form.notice.message} tone={form.notice.tone} />
        <Field
          id="reset-email"
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <button type="submit" disabled={form.busy} className={primary}>
          {form.busy ? 'Sending…' : 'Send a new link'}
        </button>
      </form>
      <p className="mt-4 text-center text-sm text-zinc-400">
        <Link to="/login" className="text-red-400 underline hover:text-red-300">
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}

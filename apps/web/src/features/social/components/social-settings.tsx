import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { useAnswerFollowRequest } from '../api/answer-follow-request';
import { useUsernameAvailability } from '../api/check-username';
import { useBlocks } from '../api/get-blocks';
import { useFollowRequests } from '../api/get-follow-requests';
import { useProfileSettings } from '../api/get-profile-settings';
import { profileUrl } from '../api/social-keys';
import { useUnblockUser } from '../api/unblock-user';
import { useUpdateProfileSettings } from '../api/update-profile-settings';
import { useDebounced } from '../hooks/use-debounced';
import { failure, SOCIAL_TEXT } from '../messages';
import { usernameProblem } from '../rules';
import { PersonLink } from './person';
import { CHOOSE_USERNAME_URL } from './your-profile-link';
import { buttonClass, primaryClass } from '../styles';

function Section({ title, anchor, children }: { title: string; anchor?: string; children: ReactNode }) {
  const id = `settings-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section
      id={anchor}
      aria-labelledby={id}
      className="scroll-mt-20 rounded-2xl bg-zinc-900 p-6 ring-1 ring-white/10"
    >
      <h2 id={id} className="mb-4 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The line under the username field: what is wrong, whether it is free, or what was saved. */
function usernameStatus(
  problem: string | null,
  changed: boolean,
  free: { isFetching: boolean; data?: boolean | undefined },
  saved: string,
): { text: string; tone: string; alert: boolean } {
  if (saved) return { text: saved, tone: 'text-emerald-400', alert: false };
  if (!changed) return { text: SOCIAL_TEXT.usernameHint, tone: 'text-zinc-400', alert: false };
  if (problem) return { text: problem, tone: 'text-red-400', alert: true };
  if (free.isFetching || free.data === undefined)
    return { text: SOCIAL_TEXT.usernameChecking, tone: 'text-zinc-400', alert: false };
  return free.data
    ? { text: SOCIAL_TEXT.usernameAvailable, tone: 'text-emerald-400', alert: false }
    : { text: SOCIAL_TEXT.usernameTaken, tone: 'text-red-400', alert: true };
}

/** The hash of the link that asks for a username (the account menus' "Your profile" without one). */
const PROFILE_HASH = CHOOSE_USERNAME_URL.slice(CHOOSE_USERNAME_URL.indexOf('#'));

function UsernameForm({ current }: { current: string | null }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === PROFILE_HASH) input.current?.focus();
  }, [hash]);
  const [name, setName] = useState(current ?? '');
  const [saved, setSaved] = useState('');
  const [error, setError] = useState('');
  const update = useUpdateProfileSettings();
  const trimmed = name.trim();
  const changed = trimmed !== (current ?? '');
  const settledName = useDebounced(trimmed);
  const problem = trimmed ? usernameProblem(trimmed) : null;
  const sameAsOwn = settledName.toLowerCase() === (current ?? '').toLowerCase();
  const free = useUsernameAvailability(
    settledName,
    !!settledName && !usernameProblem(settledName) && !sameAsOwn,
  );
  const status = error
    ? { text: error, tone: 'text-red-400', alert: true }
    : usernameStatus(
        problem,
        changed && !!trimmed,
        sameAsOwn ? { isFetching: false, data: true } : free,
        saved,
      );
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const bad = usernameProblem(trimmed);
        if (bad) return setError(bad);
        update.mutate(
          { username: trimmed },
          {
            onSuccess: () => setSaved(SOCIAL_TEXT.usernameSaved),
            onError: (err) => setError(failure(err)),
          },
        );
      }}
      className="space-y-2"
    >
      <label htmlFor={`${id}-name`} className="block text-sm font-medium">
        {SOCIAL_TEXT.usernameLabel}
      </label>
      <div className="flex flex-wrap gap-2">
        <div className="flex min-w-0 flex-1 items-center rounded-lg bg-zinc-800 ring-1 ring-white/10 focus-within:ring-2 focus-within:ring-red-500">
          <span className="pl-3 text-zinc-400" aria-hidden="true">
            @
          </span>
          <input
            ref={input}
            id={`${id}-name`}
            value={name}
            maxLength={30}
            autoComplete="username"
            spellCheck={false}
            aria-invalid={status.alert || undefined}
            aria-describedby={`${id}-status`}
            onChange={(e) => {
              setName(e.target.value);
              setSaved('');
              setError('');
            }}
            className="w-full min-w-0 bg-transparent px-1 py-2 focus:outline-none"
          />
        </div>
        <button type="submit" disabled={update.isPending || !changed || !!problem} className={primaryClass}>
          {update.isPending ? 'Saving…' : SOCIAL_TEXT.saveUsername}
        </button>
      </div>
      <p id={`${id}-status`} role={status.alert ? 'alert' : undefined} className={`text-sm ${status.tone}`}>
        {status.text}
      </p>
    </form>
  );
}

/** Public / private, applied at once (the switch shows the choice while the API answers). */
function PublicSwitch({ on, disabled }: { on: boolean; disabled: boolean }) {
  const id = useId();
  const update = useUpdateProfileSettings();
  const shown = update.isPending ? !!update.variables?.public : on;
  return (
    <div className="mt-6">
      <div className="flex items-center justify-between gap-3">
        <span id={`${id}-label`} className="text-sm font-medium">
          {SOCIAL_TEXT.publicLabel}
        </span>
        <button
          type="button"
          role="switch"
          aria-checked={shown}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint`}
          disabled={disabled || update.isPending}
          onClick={() => update.mutate({ public: !on })}
          className={`relative h-6 w-11 shrink-0 rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-500 disabled:opacity-50 ${shown ? 'bg-red-600' : 'bg-zinc-700'}`}
        >
          <span
            aria-hidden="true"
            className={`absolute top-1 left-1 h-4 w-4 rounded-full bg-white transition-transform ${shown ? 'translate-x-5' : ''}`}
          />
        </button>
      </div>
      <p id={`${id}-hint`} className="mt-1 text-sm text-zinc-400" aria-live="polite">
        {disabled ? SOCIAL_TEXT.chooseUsernameFirst : shown ? SOCIAL_TEXT.publicOn : SOCIAL_TEXT.publicOff}
      </p>
      {update.isError && (
        <p role="alert" className="mt-1 text-sm text-red-400">
          {failure(update.error)}
        </p>
      )}
    </div>
  );
}

function Requests() {
  const requests = useFollowRequests();
  const answer = useAnswerFollowRequest();
  if (requests.isPending) return <Spinner label="Loading follow requests" className="py-4" />;
  if (requests.isError) return <p className="text-sm text-red-400">{failure(requests.error)}</p>;
  if (requests.data.results.length === 0)
    return <p className="text-sm text-zinc-400">{SOCIAL_TEXT.noRequests}</p>;
  return (
    <ul className="space-y-2">
      {requests.data.results.map((r) => (
        <li key={r.username} className="flex flex-wrap items-center justify-between gap-2">
          <PersonLink username={r.username} />
          <span className="flex gap-2">
            <button
              type="button"
              disabled={answer.isPending}
              aria-label={`${SOCIAL_TEXT.accept} @${r.username}`}
              onClick={() => answer.mutate({ username: r.username, answer: 'accept' })}
              className={primaryClass}
            >
              {SOCIAL_TEXT.accept}
            </button>
            <button
              type="button"
              disabled={answer.isPending}
              aria-label={`${SOCIAL_TEXT.decline} @${r.username}`}
              onClick={() => answer.mutate({ username: r.username, answer: 'decline' })}
              className={buttonClass}
            >
              {SOCIAL_TEXT.decline}
            </button>
          </span>
        </li>
      ))}
    </ul>
  );
}

function Blocked() {
  const blocks = useBlocks();
  const unblock = useUnblockUser();
  if (blocks.isPending) return <Spinner label="Loading blocked people" className="py-4" />;
  if (blocks.isError) return <p className="text-sm text-red-400">{failure(blocks.error)}</p>;
  if (blocks.data.results.length === 0)
    return <p className="text-sm text-zinc-400">{SOCIAL_TEXT.noBlocked}</p>;
  return (
    <ul className="space-y-2">
      {blocks.data.results.map((p) => (
        <li key={p.username} className="flex items-center justify-between gap-2">
          <PersonLink username={p.username} />
          <button
            type="button"
            disabled={unblock.isPending}
            aria-label={`${SOCIAL_TEXT.unblock} @${p.username}`}
            onClick={() => unblock.mutate(p.username)}
            className={buttonClass}
          >
            {SOCIAL_TEXT.unblock}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The account page's social settings: username, public switch, follow requests, blocked people. */
export function SocialSettings() {
  const settings = useProfileSettings();
  if (settings.isPending)
    return (
      <Section title={SOCIAL_TEXT.profileSection} anchor={PROFILE_HASH.slice(1)}>
        <Spinner label="Loading your profile settings" className="py-4" />
      </Section>
    );
  if (settings.isError)
    return (
      <Section title={SOCIAL_TEXT.profileSection} anchor={PROFILE_HASH.slice(1)}>
        <p role="alert" className="text-sm text-red-400">
          {failure(settings.error)}
        </p>
      </Section>
    );
  const s = settings.data;
  return (
    <>
      <Section title={SOCIAL_TEXT.profileSection} anchor={PROFILE_HASH.slice(1)}>
        <UsernameForm current={s.username} />
        <PublicSwitch on={s.public} disabled={!s.username} />
        {s.username && (
          <Link to={profileUrl(s.username)} className="mt-4 inline-block text-sm text-red-400 underline">
            {SOCIAL_TEXT.viewProfile}
          </Link>
        )}
      </Section>
      <Section title={SOCIAL_TEXT.requestsSection}>
        <Requests />
      </Section>
      <Section title={SOCIAL_TEXT.blockedSection}>
        <Blocked />
      </Section>
    </>
  );
}

export default SocialSettings;

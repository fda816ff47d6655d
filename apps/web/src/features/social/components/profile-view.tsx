import type { Profile } from '@app/contracts';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { PeopleList } from '../api/social-keys';
import { SOCIAL_TEXT } from '../messages';
import { LockIcon } from './lock-icon';
import { PeopleDialog } from './people-dialog';
import { Avatar, Poster, shortDate, Stars } from './person';
import { FollowButton, ProfileMenu } from './profile-actions';
import { RatingsChart } from './ratings-chart';

function Section({
  title,
  children,
  className = '',
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  const id = `profile-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section
      aria-labelledby={id}
      className={`rounded-2xl bg-zinc-900/60 p-5 ring-1 ring-white/5 ${className}`}
    >
      <h2 id={id} className="mb-4 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** Films, this year, followers and following (the last two open their lists). */
function Counts({ profile }: { profile: Profile }) {
  const [open, setOpen] = useState<PeopleList | null>(null);
  const c = profile.counts;
  if (!c) return null;
  const link =
    'rounded font-semibold text-zinc-100 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-red-500';
  return (
    <>
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-zinc-400">
        <span>{plural(c.films, 'film')}</span>
        <span>{plural(c.this_year, 'film')} this year</span>
        <button type="button" className={link} onClick={() => setOpen('followers')}>
          {plural(c.followers, 'follower')}
        </button>
        <button type="button" className={link} onClick={() => setOpen('following')}>
          {c.following.toLocaleString()} following
        </button>
      </p>
      {open && <PeopleDialog username={profile.username} list={open} onClose={() => setOpen(null)} />}
    </>
  );
}

function Header({ profile }: { profile: Profile }) {
  const rel = profile.relationship;
  return (
    <header className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <Avatar username={profile.username} size="h-20 w-20 text-3xl" />
      <div className="min-w-0 flex-1">
        <h1 className="flex items-center gap-2 text-2xl font-bold [overflow-wrap:anywhere] sm:text-3xl">
          @{profile.username}
          {!profile.public && <LockIcon label={SOCIAL_TEXT.privateProfile} size={20} />}
        </h1>
        {rel.follows_you === 'accepted' && !rel.is_self && (
          <span className="mt-1 inline-block rounded-full bg-zinc-800 px-2 py-0.5 text-xs text-zinc-300">
            {SOCIAL_TEXT.followsYou}
          </span>
        )}
        <Counts profile={profile} />
      </div>
      <div className="flex items-center gap-2">
        <FollowButton profile={profile} />
        <ProfileMenu profile={profile} />
      </div>
    </header>
  );
}

function Favourites({ movies }: { movies: NonNullable<Profile['favourites']> }) {
  if (movies.length === 0) return <p className="text-sm text-zinc-400">{SOCIAL_TEXT.noFavourites}</p>;
  return (
    <ul className="grid grid-cols-4 gap-3">
      {movies.map((m) => (
        <li key={m.tmdb_id}>
          <Poster movie={m} className="w-full" />
        </li>
      ))}
    </ul>
  );
}

function RecentDiary({ entries }: { entries: NonNullable<Profile['recent_diary']> }) {
  if (entries.length === 0) return <p className="text-sm text-zinc-400">{SOCIAL_TEXT.noDiary}</p>;
  return (
    <ul className="space-y-3">
      {entries.map((e) => (
        <li key={`${e.tmdb_id}-${e.watched_on}`} className="flex items-center gap-3">
          <Poster movie={e} className="w-10" decorative />
          <div className="min-w-0 flex-1">
            <Link to={`/movie/${e.tmdb_id}`} className="block truncate font-medium hover:text-red-300">
              {e.title}
              {e.release_date ? <span className="text-zinc-400"> ({e.release_date.slice(0, 4)})</span> : null}
            </Link>
            <p className="text-xs text-zinc-400">
              {shortDate(e.watched_on)}
              {e.rewatch ? ' · rewatch' : ''}
            </p>
          </div>
          {e.rating !== null && <Stars rating={e.rating} className="shrink-0 text-sm text-yellow-400" />}
        </li>
      ))}
    </ul>
  );
}

function Playlists({ lists }: { lists: NonNullable<Profile['playlists']> }) {
  if (lists.length === 0) return <p className="text-sm text-zinc-400">{SOCIAL_TEXT.noPlaylists}</p>;
  return (
    <ul className="space-y-2">
      {lists.map((p) => (
        <li key={p.slug}>
          <Link
            to={`/p/${encodeURIComponent(p.slug)}`}
            className="flex items-center justify-between gap-3 rounded-lg bg-zinc-800/60 px-3 py-2 hover:bg-zinc-800"
          >
            <span className="truncate font-medium">{p.name}</span>
            <span className="shrink-0 text-xs text-zinc-400">{plural(p.movie_count, 'film')}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** What a private profile (or one the viewer blocked) shows: the name, the follow button, why. */
function Closed({ profile }: { profile: Profile }) {
  const blocked = profile.relationship.blocked;
  return (
    <div className="mx-auto mt-10 max-w-md rounded-2xl bg-zinc-900/60 p-8 text-center ring-1 ring-white/5">
      <div className="flex justify-center">
        <LockIcon size={32} />
      </div>
      <h2 className="mt-3 text-lg font-semibold">
        {blocked ? SOCIAL_TEXT.blocked(profile.username) : SOCIAL_TEXT.privateProfile}
      </h2>
      <p className="mt-2 text-sm text-zinc-400">
        {blocked ? SOCIAL_TEXT.youBlockedThem : SOCIAL_TEXT.privateProfileHint}
      </p>
    </div>
  );
}

/** /u/{username}: a person's profile as the viewer may see it. */
export function ProfileView({ profile }: { profile: Profile }) {
  const open = profile.visible && !profile.relationship.blocked;
  return (
    <div className="mx-auto max-w-7xl px-page pb-16 pt-24">
      <Header profile={profile} />
      {!open ? (
        <Closed profile={profile} />
      ) : (
        <div className="mt-8 grid gap-6 lg:grid-cols-3">
          <Section title={SOCIAL_TEXT.favourites} className="lg:col-span-2">
            <Favourites movies={profile.favourites ?? []} />
          </Section>
          <Section title={SOCIAL_TEXT.ratingsSpread}>
            <RatingsChart spread={profile.ratings_spread ?? []} />
          </Section>
          <Section title={SOCIAL_TEXT.recentDiary} className="lg:col-span-2">
            <RecentDiary entries={profile.recent_diary ?? []} />
          </Section>
          <Section title={SOCIAL_TEXT.publicPlaylists}>
            <Playlists lists={profile.playlists ?? []} />
          </Section>
        </div>
      )}
    </div>
  );
}

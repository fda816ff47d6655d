import { useDeferredValue, useId, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { useSearchPeople } from '../api/search-people';
import { failure, SOCIAL_TEXT } from '../messages';
import { LockIcon } from './lock-icon';
import { PersonLink } from './person';

/** People by username, as typed: the names that start with what is in the box. */
export function PeopleSearch() {
  const id = useId();
  const [text, setText] = useState('');
  const q = useDeferredValue(text.trim().slice(0, 30));
  const people = useSearchPeople(q);
  let body = null;
  if (!q) body = null;
  else if (people.isPending) body = <Spinner label="Searching people" className="py-4" />;
  else if (people.isError)
    body = (
      <p role="alert" className="text-sm text-red-400">
        {failure(people.error)}
      </p>
    );
  else if (people.data.results.length === 0)
    body = <p className="text-sm text-zinc-400">{SOCIAL_TEXT.noPeople(q)}</p>;
  else
    body = (
      <ul className="grid gap-1 sm:grid-cols-2" aria-label={`People matching ${q}`}>
        {people.data.results.map((p) => (
          <li key={p.username} className="flex items-center gap-2">
            <PersonLink username={p.username} className="flex-1 p-1" />
            {!p.public && <LockIcon label={SOCIAL_TEXT.privateProfile} />}
          </li>
        ))}
      </ul>
    );
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl bg-zinc-900/60 p-5 ring-1 ring-white/5">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {SOCIAL_TEXT.findPeople}
      </h2>
      <label htmlFor={`${id}-q`} className="sr-only">
        {SOCIAL_TEXT.searchLabel}
      </label>
      <input
        id={`${id}-q`}
        type="search"
        value={text}
        maxLength={30}
        autoComplete="off"
        spellCheck={false}
        placeholder={SOCIAL_TEXT.searchPlaceholder}
        onChange={(e) => setText(e.target.value)}
        className="mt-3 w-full rounded-lg bg-zinc-800 px-3 py-2 ring-1 ring-white/10 focus:outline-none focus:ring-2 focus:ring-red-500"
      />
      <div className="mt-3" aria-live="polite">
        {body}
      </div>
    </section>
  );
}

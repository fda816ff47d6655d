import type { ReactNode } from 'react';
import { ErrorText } from '../components/ui/empty-state';
import { Spinner } from '../components/ui/spinner';

/** The common page frame below the fixed top bar. */
export function PageShell({
  title,
  subtitle,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-7xl px-4 pb-16 pt-24">
      <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
      {subtitle && <p className="mt-1 text-sm text-zinc-400">{subtitle}</p>}
      <div className="mt-6">{children}</div>
    </div>
  );
}

/**
 * A page whose body is one query's data, in the page frame: a spinner while it loads (or while
 * `waiting`), the error once it failed, then the subtitle and body made from the data.
 */
export function QueryPage<T>({
  title,
  query,
  waiting = query.isPending,
  subtitle,
  children,
}: {
  title: ReactNode;
  query: { isPending: boolean; error: Error | null; data: T | undefined };
  waiting?: boolean;
  subtitle?: (data: T) => ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (waiting)
    return (
      <PageShell title={title}>
        <Spinner />
      </PageShell>
    );
  if (query.error)
    return (
      <PageShell title={title}>
        <ErrorText error={query.error} />
      </PageShell>
    );
  // Neither waiting nor failed: the data is in.
  const data = query.data as T;
  return (
    <PageShell title={title} subtitle={subtitle?.(data)}>
      {children(data)}
    </PageShell>
  );
}

import type { ReactNode } from 'react';
import { ErrorText } from '../ui/empty-state';
import { GridSkeleton } from '../ui/skeletons';
import { useDocumentTitle } from '../../lib/document-title';

/**
 * The common page frame below the fixed top bar. The tab's title is `documentTitle`, or the
 * heading when it is plain text. The subtitle's line is kept while it is empty, so nothing moves
 * when it arrives.
 */
export function PageShell({
  title,
  documentTitle,
  subtitle,
  children,
}: {
  title: ReactNode;
  documentTitle?: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(documentTitle ?? (typeof title === 'string' ? title : null));
  return (
    <div className="mx-auto max-w-7xl px-page pb-16 pt-24">
      <h1 className="text-2xl font-bold [overflow-wrap:anywhere] sm:text-3xl">{title}</h1>
      <p className="mt-1 text-sm text-zinc-400" style={{ minHeight: 20 }}>
        {subtitle}
      </p>
      <div className="mt-6">{children}</div>
    </div>
  );
}

/**
 * A page whose body is one query's data, in the page frame: a skeleton while it loads (or while
 * `waiting`), the error once it failed, then the subtitle and body made from the data.
 */
export function QueryPage<T>({
  title,
  documentTitle,
  query,
  waiting = query.isPending,
  subtitle,
  loading = <GridSkeleton />,
  children,
}: {
  title: ReactNode;
  documentTitle?: string;
  query: { isPending: boolean; error: Error | null; data: T | undefined; refetch?: () => unknown };
  waiting?: boolean;
  subtitle?: (data: T) => ReactNode;
  loading?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const frame = { title, ...(documentTitle ? { documentTitle } : {}) };
  if (waiting) return <PageShell {...frame}>{loading}</PageShell>;
  if (query.error)
    return (
      <PageShell {...frame}>
        <ErrorText error={query.error} onRetry={query.refetch && (() => void query.refetch!())} />
      </PageShell>
    );
  // Neither waiting nor failed: the data is in.
  const data = query.data as T;
  return (
    <PageShell {...frame} subtitle={subtitle?.(data)}>
      {children(data)}
    </PageShell>
  );
}

import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../ui/empty-state';
import { PageShell } from './page-shell';

/**
 * A signed-in user's page seen signed out: "Sign in to see this page", a Log in link, and what
 * the page is for (`children`, which follows the link: "Log in to keep a diary…").
 */
export function SignInFirst({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PageShell title={title}>
      <EmptyState title="Sign in to see this page">
        <Link to="/login" className="text-red-400 underline">
          Log in
        </Link>{' '}
        {children}
      </EmptyState>
    </PageShell>
  );
}

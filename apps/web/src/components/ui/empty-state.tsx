import type { ReactNode } from 'react';

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mx-auto mt-16 max-w-md rounded-2xl bg-zinc-900/60 p-8 text-center ring-1 ring-white/5">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children && <div className="mt-2 text-sm text-zinc-400">{children}</div>}
    </div>
  );
}

export function ErrorText({ error, className = 'text-red-400' }: { error: unknown; className?: string }) {
  return (
    <p role="alert" className={`mt-10 text-center ${className}`}>
      Error: {error instanceof Error ? error.message : String(error)}
    </p>
  );
}

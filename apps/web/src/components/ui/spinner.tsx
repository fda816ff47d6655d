export function Spinner({ label = 'Loading…', className = '' }: { label?: string; className?: string }) {
  return (
    <div role="status" className={`flex items-center justify-center gap-3 py-10 text-zinc-400 ${className}`}>
      <span
        className="h-8 w-8 animate-spin rounded-full border-2 border-zinc-700 border-t-red-500"
        aria-hidden="true"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}

/** The social screens' two button looks (the app's own: red for the main action, outlined for others). */
export const buttonClass =
  'rounded-lg px-4 py-2 text-sm font-semibold ring-1 ring-white/15 hover:bg-white/10 disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-red-500';
export const primaryClass =
  'rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold hover:bg-red-600 disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-500';

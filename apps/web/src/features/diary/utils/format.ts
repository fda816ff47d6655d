/** The visitor's local calendar date, 'YYYY-MM-DD' (what "today" means to them). */
export function localToday(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

/** "3.5 out of 5 stars" (what a screen reader hears for a rating). */
export const ratingText = (r: number | null) => (r === null ? 'Not rated' : `${r} out of 5 stars`);

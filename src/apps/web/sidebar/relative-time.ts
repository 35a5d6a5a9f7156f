const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();

/**
 * When something last happened, the way people say it in a list: "just now", "5 min ago",
 * "3 hours ago", "yesterday", "4 days ago", then the date ("Mar 2", or "Mar 2, 2025" in another
 * year). Empty for a missing or unreadable date.
 */
export function relativeTime(when: string | Date | null | undefined, now: Date = new Date()) {
  if (!when) return '';
  const date = typeof when === 'string' ? new Date(when) : when;
  const time = date.getTime();
  if (Number.isNaN(time)) return '';
  const ago = now.getTime() - time;
  if (ago < 45_000 && ago > -MINUTE) return 'just now';
  if (ago > 0 && ago < HOUR) return `${Math.max(1, Math.round(ago / MINUTE))} min ago`;
  const days = Math.round((startOfDay(now) - startOfDay(date)) / DAY);
  if (ago > 0 && days === 0) {
    const hours = Math.floor(ago / HOUR);
    return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  }
  if (days === 1) return 'yesterday';
  if (days > 1 && days < 7) return `${days} days ago`;
  const sameYear = date.getFullYear() === now.getFullYear();
  return date.toLocaleDateString('en', {
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
  });
}

/** The full date and time, for a tooltip beside the relative one. */
export function fullDate(when: string | Date | null | undefined): string {
  if (!when) return '';
  const date = typeof when === 'string' ? new Date(when) : when;
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString(undefined, { dateStyle: 'full', timeStyle: 'short' });
}

/** Instants as the "As of" picker shows them: local date and time to the second, and back to ISO-8601 (UTC). */

const pad = (n: number) => String(n).padStart(2, '0');

/** The value of an `<input type="datetime-local" step="1">` for an instant, in the browser's time zone. */
export function toLocalInputValue(instant: Date): string {
  return `${instant.getFullYear()}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}T${pad(instant.getHours())}:${pad(instant.getMinutes())}:${pad(instant.getSeconds())}`;
}

/** ISO-8601 of a datetime-local value (read as local time); null when empty or not a date. */
export function fromLocalInputValue(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value)) return null;
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** 'November 23, 2026 at 6:04:05 PM': seconds shown, since "as of" is exact. */
export function formatInstant(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { month: 'long', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit', hour12: true });
}

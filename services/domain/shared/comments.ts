// Formatters are built once: constructing Intl formatters costs far more than formatting.
const DATE = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const TIME = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: 'UTC' });

/** The automatic version comment: states the date and time of the save (UTC, so it reads the same for every viewer). */
export function automaticSaveComment(at: string): string {
  const when = new Date(at);
  return `Updated on ${DATE.format(when)} at ${TIME.format(when)} UTC`;
}

/** The automatic version comment: states the date and time of the save (UTC, so it reads the same for every viewer). */
export function automaticSaveComment(at: string): string {
  const when = new Date(at);
  const date = when.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  const time = when.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: 'UTC' });
  return `Updated on ${date} at ${time} UTC`;
}

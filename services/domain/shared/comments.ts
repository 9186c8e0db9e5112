// Formatters are built once: constructing Intl formatters costs far more than formatting.
const DATE = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const TIME = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: 'UTC' });

/** The last comment made, by the UTC minute it names (a pure function's memo: same input, same answer). */
let last = { minute: '', length: 0, comment: '' };

/** The automatic version comment: states the date and time of the save (UTC, so it reads the same for every viewer). */
export function automaticSaveComment(at: string): string {
  // The comment names the minute: saves within one minute (most of a busy server's) share one formatting.
  const minute = at.slice(0, 16);
  if (minute === last.minute && at.length === last.length) return last.comment;
  const when = new Date(at);
  const comment = `Updated on ${DATE.format(when)} at ${TIME.format(when)} UTC`;
  if (/^\d{4}-\d\d-\d\dT\d\d:\d\d:/.test(at) && at.endsWith('Z')) last = { minute, length: at.length, comment };
  return comment;
}


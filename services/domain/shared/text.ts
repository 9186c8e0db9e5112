/** White space, control and format characters (zero-width spaces and joiners, direction marks): nothing a reader sees. */
const INVISIBLE = /[\s\p{Cc}\p{Cf}\p{Z}]/gu;

/** A name that shows nothing: empty, or only invisible characters (a title of one zero-width space is blank too). */
export function isBlank(text: string): boolean {
  return text.replace(INVISIBLE, '') === '';
}

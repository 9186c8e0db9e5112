/** White space, control and format characters (zero-width spaces and joiners, direction marks): nothing a reader sees. */
const INVISIBLE = /[\s\p{Cc}\p{Cf}\p{Z}]/gu;

/** A name that shows nothing: empty, or only invisible characters (a title of one zero-width space is blank too). */
export function isBlank(text: string): boolean {
  return text.replace(INVISIBLE, '') === '';
}

/** C0 and C1 control characters and DEL; tab is kept, names have always allowed it. */
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/;
/**
 * Characters that show nothing or reorder the text around them: direction embeddings, overrides, isolates and marks
 * (a title `\u202Egol.exe` lists as `exe.log`), zero-width characters, the word joiner and the byte-order mark,
 * invisible operators, and the Hangul, braille and Mongolian fillers that render as blank.
 */
const INVISIBLE_OR_DIRECTION = /[\u061c\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\u2800\u3164\ufeff\uffa0]/;

/**
 * Why `name` cannot name a script, folder or upload (`<label> must not contain ...`), or null: the one rule for
 * titles, folder names, repository names, file names and paths of uploads, on every route. Such characters let one
 * name pass for another in a listing.
 */
export function nameCharacterProblem(label: string, name: string): string | null {
  if (CONTROL.test(name)) return `${label} must not contain control characters`;
  if (INVISIBLE_OR_DIRECTION.test(name)) return `${label} must not contain invisible or text-direction characters`;
  return null;
}

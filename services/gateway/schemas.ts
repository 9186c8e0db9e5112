import { z } from 'zod';
import { CONTENT_REQUIRED, TITLE_REQUIRED } from '../domain/script/decider';
import { MAX_FOLDER_NAME_LENGTH, MAX_TITLE_LENGTH, TITLE_TOO_LONG } from '../domain/script/limits';
import { FOLDER_NAME_REQUIRED } from '../domain/folder/decider';
import { PASSWORD_MIN, PASSWORD_TOO_SHORT, usernameProblem } from '../domain/user/decider';
import { API_KEY_NAME_REQUIRED } from '../domain/api-key/decider';
import { isBlank } from '../domain/shared/text';
import { INVALID_EXTENSION, SCRIPT_EXTENSION } from '../domain/script/file-name';

/** Request schemas, one per body/param/query shape. Messages are the spec's (section 5). */

const id = z.string({ error: 'Invalid id' }).regex(/^[A-Za-z0-9_-]{1,64}$/, 'Invalid id');
const nullableId = z.union([id, z.null()], { error: 'Invalid folder id' });
/** A name a user types (title, folder, key): trimmed, `required` when it shows nothing, `tooLong` past `max` characters. */
const visibleName = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().refine((value) => !isBlank(value), required).pipe(z.string().max(max, tooLong));
const title = visibleName(TITLE_REQUIRED, MAX_TITLE_LENGTH, TITLE_TOO_LONG);
// The 5 MB version cap is checked by the use cases (413, the upload message) so every path answers it alike.
const content = z.string({ error: CONTENT_REQUIRED }).refine((value) => value.trim() !== '', CONTENT_REQUIRED);
const comment = z.string().max(500, 'Comment must be at most 500 characters').optional();
export const INVALID_BASE_VERSION = 'baseVersion must be a version number (a positive integer)';
/** The version a save is based on; a save based on an older one is refused with 409 (absent: no check). */
const baseVersion = z.number({ error: INVALID_BASE_VERSION }).int(INVALID_BASE_VERSION).positive(INVALID_BASE_VERSION).optional();

export const IdParam = z.object({ id });
/** A version number in a path or query: digits only (no `0x1`, ` 1` or `1e0`), from 1. */
const versionNumber = z.string({ error: 'Invalid version' }).regex(/^[1-9][0-9]{0,9}$/, 'Invalid version').transform(Number);
export const ScriptVersionParams = z.object({ id, versionId: versionNumber });
export const ShareIdParam = z.object({ shareId: z.string().regex(/^[A-Za-z0-9_-]{1,36}$/, 'Invalid share id') });
/** A script opened through a folder link: the folder's share id and the script's id. */
export const FolderShareScriptParams = z.object({ shareId: ShareIdParam.shape.shareId, scriptId: id });
export const RawQuery = z.object({ version: versionNumber.optional() });

/** A new username: 3 to 32 of `[A-Za-z0-9_.-]` (the user decider's rule; sign-in accepts any existing name). */
const newUsername = z
  .string({ error: 'Required' })
  .trim()
  .superRefine((value, check) => {
    const problem = usernameProblem(value);
    if (problem) check.addIssue({ code: 'custom', message: problem });
  });

export const Credentials = z.object({
  username: newUsername,
  password: z.string({ error: 'Required' }).min(PASSWORD_MIN, PASSWORD_TOO_SHORT).max(200, 'Password must be at most 200 characters'),
});
export const Registration = Credentials.extend({
  email: z
    .union([z.literal(''), z.email('Invalid email address'), z.null()])
    .optional()
    .transform((value) => (value ? value : null)),
});
export const LoginBody = z.object({
  username: z.string({ error: 'Required' }).min(1, 'Required').max(50, 'Username must be at most 50 characters'),
  password: z.string({ error: 'Required' }).min(1, 'Required').max(200, 'Password must be at most 200 characters'),
});

/** The file extension a new script keeps (the editor's Lua/Luau pick); absent: none, named as before extensions were stored. */
const extension = z.string({ error: INVALID_EXTENSION }).regex(SCRIPT_EXTENSION, INVALID_EXTENSION).optional();
export const CreateScriptBody = z.object({ title, extension, content, folderId: nullableId.optional().default(null), comment });
export const UpdateScriptBody = z.object({ title: title.optional(), content: content.optional(), comment, folderId: nullableId.optional(), baseVersion });
export const MoveScriptBody = z.object({ folderId: nullableId });
/** POST .../share: an optional body; without `fullHistory` a new link serves versions since sharing, a live one keeps its choice. */
export const ShareScriptBody = z
  .object({ fullHistory: z.boolean({ error: 'fullHistory must be true or false' }).optional() })
  .optional()
  .transform((body) => body ?? {});

const folderName = visibleName(FOLDER_NAME_REQUIRED, MAX_FOLDER_NAME_LENGTH, `Folder name must be at most ${MAX_FOLDER_NAME_LENGTH} characters`);
export const CreateFolderBody = z.object({
  name: folderName,
  parentId: nullableId.optional().default(null),
  isPublic: z.boolean({ error: 'isPublic must be true or false' }).optional().default(false),
});
export const UpdateFolderBody = z.object({
  name: folderName.optional(),
  parentId: nullableId.optional(),
  isPublic: z.boolean({ error: 'isPublic must be true or false' }).optional(),
});
/** POST /api/folders/{id}/move: the new parent (null: the workspace root). */
export const MoveFolderBody = z.object({ parentId: nullableId });
/** `GET /api/scripts?sort=`: updated (default), title or size. */
export const ScriptListQuery = z.object({
  sort: z.enum(['updated', 'title', 'size'], { error: 'sort must be updated, title or size' }).optional().default('updated'),
});

/** `GET /api/search?q=&type=`: a title or folder name to look for, and which of the two lists to page. */
export const SearchQuery = z.object({
  q: z.string({ error: 'q is required' }).trim().min(1, 'q is required').max(100, 'q must be at most 100 characters'),
  type: z.enum(['scripts', 'folders'], { error: 'type must be scripts or folders' }).optional().default('scripts'),
});

/** Which list `GET /api/search` pages; `content` is the full-text search (ContentSearchQuery). */
export const SearchType = z.object({
  type: z.enum(['scripts', 'folders', 'content'], { error: 'type must be scripts, folders or content' }).optional().default('scripts'),
});

/** Full-text search (`type=content`, `/api/v1/search`): words to find in titles and contents, and which versions. */
export const ContentSearchQuery = z.object({
  q: z.string({ error: 'q is required' }).trim().min(1, 'q is required').max(200, 'q must be at most 200 characters'),
  versions: z.enum(['current', 'all'], { error: 'versions must be current or all' }).optional().default('current'),
});

export const FolderListQuery = z.object({
  parentId: z
    .union([id, z.literal('null'), z.literal('')])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'null' || value === '' ? null : value)),
});
/** `?folderId=<id>`, `null` or absent (root). */
export const OptionalFolderQuery = z.object({
  folderId: z
    .union([id, z.literal('null'), z.literal('')])
    .optional()
    .transform((value) => (value === undefined || value === 'null' || value === '' ? null : value)),
});
export const FolderIdOrNullParam = z.object({
  folderId: z.union([id, z.literal('null')]).transform((value) => (value === 'null' ? null : value)),
});

export const CreateApiKeyBody = z.object({
  name: visibleName(API_KEY_NAME_REQUIRED, 100, 'Key name must be at most 100 characters'),
});
export const AdminScriptsQuery = z.object({ userId: id.optional() });
/** Top scripts over time: the last `days` UTC days (1..90, today included) and how many scripts. */
export const AdminViewsQuery = z.object({
  days: z.coerce.number({ error: 'days must be a whole number from 1 to 90' }).int('days must be a whole number from 1 to 90').min(1, 'days must be a whole number from 1 to 90').max(90, 'days must be a whole number from 1 to 90').default(30),
  top: z.coerce.number({ error: 'top must be a whole number from 1 to 20' }).int('top must be a whole number from 1 to 20').min(1, 'top must be a whole number from 1 to 20').max(20, 'top must be a whole number from 1 to 20').default(5),
});

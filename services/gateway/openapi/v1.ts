/**
 * OpenAPI 3.1 description of the public API (`/api/v1`, authenticated with `X-API-Key: lv_...`).
 * Served as JSON at `GET /api/v1/openapi.json` and rendered on the Documentation page.
 * Source of truth for the routes: docs/api.md ("Public API").
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; [key: string]: Json };
  paths: Record<string, Json>;
} & {
  [key: string]: Json;
};

import { LIST_LIMITS } from '../pagination';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const jsonBody = (schema: Json) => ({ 'application/json': { schema } });
const errorResponse = (description: string) => ({ description, content: jsonBody(ref('Error')) });

const scriptIdParam = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'Script id (an opaque, URL-safe string).',
  schema: { type: 'string' },
};

/** Answers every authenticated route can give. */
const common = {
  '401': errorResponse('Missing, unknown or deleted API key.'),
  '429': {
    description: 'Rate limit reached: requests per key, or writes per account or per address. Retry after `Retry-After` seconds.',
    headers: {
      'Retry-After': { description: 'Seconds until a request is admitted again.', schema: { type: 'integer' } },
      'RateLimit-Policy': { description: 'The limit, e.g. `"api";q=600;w=60` (draft-ietf-httpapi-ratelimit-headers).', schema: { type: 'string' } },
      RateLimit: { description: 'What is left, e.g. `"api";r=0;t=42`.', schema: { type: 'string' } },
    },
    content: jsonBody(ref('Error')),
  },
};
const commonWithScript = {
  ...common,
  '404': errorResponse('No script with this id belongs to the key\'s owner (another user\'s script answers the same way).'),
};

/** `limit` and `cursor` of a paginated list; the next page's URL comes back in the `Link` header. */
const pageParams = (limits: { default: number; max: number }): Json[] => [
  {
    name: 'limit',
    in: 'query',
    required: false,
    description: `Items per page, 1 to ${limits.max} (default ${limits.default}).`,
    schema: { type: 'integer', minimum: 1, maximum: limits.max, default: limits.default },
  },
  {
    name: 'cursor',
    in: 'query',
    required: false,
    description: 'Opaque: copy it from the previous answer\'s `Link` header (or follow that URL). Omit it for the first page.',
    schema: { type: 'string' },
  },
];
const pageHeaders = {
  Link: {
    description: 'The next page: `</api/v1/...?cursor=...>; rel="next"`. Absent on the last page.',
    schema: { type: 'string' },
  },
};
const pageErrors = { '400': errorResponse('A `limit` outside the documented range, or an invalid `cursor`.') };

const uploadBody = (withTitle: boolean) => ({
  required: true,
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        required: ['file'],
        properties: {
          file: {
            type: 'string',
            contentMediaType: 'application/octet-stream',
            description: "A .lua, .luau or .txt file, or one of Rojo's .project.json / .meta.json / .model.json, at most 5 MB. The script keeps its extension (.lua, .luau, .json; none for .txt): `fileName` is the title plus it.",
          },
          ...(withTitle
            ? { title: { type: 'string', description: 'Script title. Defaults to the file name without its extension.' } }
            : {}),
          comment: { type: 'string', description: 'Version comment. Defaults to an automatic comment with the date and time.' },
          ...(withTitle
            ? {}
            : { baseVersion: { type: 'string', pattern: '^[1-9][0-9]*$', description: 'The version this file replaces; like `If-Match`: 409 when the script is at another version.' } }),
        },
      },
      encoding: { file: { contentType: 'application/octet-stream, text/plain' } },
    },
  },
});

/** The version ETag (`"v<version>"`): what `If-Match` echoes to name the version a save is based on. */
const versionEtagHeader = {
  ETag: { description: 'The version\'s ETag, `"v<version>"`; send it back in `If-Match` to save only over this version.', schema: { type: 'string' } },
};
const ifMatchParam = {
  name: 'If-Match',
  in: 'header',
  required: false,
  description:
    'The ETag of the version this save is based on (`"v3"`, from `ETag`). When the script is at another version nothing is recorded and the answer is 409 (not 412: the same answer as a stale `baseVersion`). `*` names no version; any other value is a 400.',
  schema: { type: 'string' },
};
const saveConflict = {
  '409': {
    description: 'The save named a base version (`baseVersion` or `If-Match`) and the script is at another one: nothing was recorded. Save again with `baseVersion: currentVersion` to keep yours as the next version.',
    content: jsonBody(ref('SaveConflict')),
  },
};

const uploadErrors = {
  '400': errorResponse("No file, or a file that is not .lua / .luau / .txt or one of Rojo's .project.json / .meta.json / .model.json (`Invalid file type - Only .lua, .luau, .txt and Rojo's .project.json, .meta.json and .model.json files are allowed`)."),
  '413': errorResponse('File too large - Maximum file size is 5MB'),
};

export const openApiV1Document: OpenApiDocument = {
  openapi: '3.1.0',
  info: {
    title: 'LuaVault public API',
    version: '1.0.0',
    summary: 'Read, create, update and share your Lua scripts from scripts and CI jobs.',
    description:
      'Every call needs an API key in the `X-API-Key` header. Create keys on the API Keys page (/api-keys); ' +
      'a key acts for the user who created it and stops working as soon as it is deleted. ' +
      'Errors answer JSON `{ "error": "<message>" }` with a 4xx status. IDs are opaque strings; ' +
      'a version number is an integer starting at 1. Lists are paginated: `limit` and `cursor` query parameters, ' +
      'the next page\'s URL in a `Link: <...>; rel="next"` header.',
  },
  servers: [{ url: '/api/v1', description: 'This LuaVault instance' }],
  security: [{ ApiKeyAuth: [] }],
  tags: [
    { name: 'Status', description: 'Check that the API and your key work.' },
    { name: 'Scripts', description: 'Read and write your scripts. Every write creates a new version.' },
    { name: 'Folders', description: 'Read your folder tree and create folders.' },
    { name: 'Search', description: 'Find your scripts by words in their titles and contents.' },
  ],
  paths: {
    '/health': {
      get: {
        operationId: 'getHealth',
        tags: ['Status'],
        summary: 'Check the API and the key',
        description: 'Answers 200 when the key is valid.',
        responses: {
          '200': { description: 'The API is up and the key is valid.', content: jsonBody(ref('Health')) },
          ...common,
        },
      },
    },
    '/scripts': {
      get: {
        operationId: 'listScripts',
        tags: ['Scripts'],
        summary: 'List your scripts',
        description:
          'The scripts of the key\'s owner, newest update first, one page at a time. Items carry a 300-character ' +
          '`preview` and the `size` in bytes instead of the content: read a script\'s content with ' +
          '`GET /scripts/{id}/content` or `/raw`.',
        parameters: pageParams(LIST_LIMITS.scripts),
        responses: {
          '200': { description: 'One page of scripts.', headers: pageHeaders, content: jsonBody({ type: 'array', items: ref('ScriptSummary') }) },
          ...pageErrors,
          ...common,
        },
      },
      post: {
        operationId: 'createScript',
        tags: ['Scripts'],
        summary: 'Create a script',
        description: 'Creates a script with version 1.',
        requestBody: { required: true, content: jsonBody(ref('CreateScriptRequest')) },
        responses: {
          '201': { description: 'The new script.', content: jsonBody(ref('Script')) },
          '400': errorResponse(
            'Blank title (`Please enter a title for your script`) or blank content (`Script content cannot be empty`), or an unknown folder.',
          ),
          ...common,
          '403': errorResponse('The configured script quota is reached.'),
        },
      },
    },
    '/scripts/upload': {
      post: {
        operationId: 'uploadScript',
        tags: ['Scripts'],
        summary: 'Create a script from a file',
        description: 'Creates a script (version 1, at the root) from an uploaded .lua, .luau or .txt file.',
        requestBody: uploadBody(true),
        responses: {
          '201': { description: 'The new script.', content: jsonBody(ref('Script')) },
          ...uploadErrors,
          ...common,
          '403': errorResponse('The configured script quota is reached.'),
        },
      },
    },
    '/scripts/{id}': {
      patch: {
        operationId: 'updateScript',
        tags: ['Scripts'],
        summary: 'Update a script',
        description:
          'Changes the title and/or content and records a new version. Omitted fields keep their value. With `baseVersion` or `If-Match`, only when the script is still at that version.',
        parameters: [scriptIdParam, ifMatchParam],
        requestBody: { required: true, content: jsonBody(ref('UpdateScriptRequest')) },
        responses: {
          '200': { description: 'The updated script, `version` is the new version number.', headers: versionEtagHeader, content: jsonBody(ref('Script')) },
          '400': errorResponse('A blank title or blank content, a `baseVersion` that is not a positive integer, a malformed `If-Match`, or both naming different versions.'),
          ...saveConflict,
          ...commonWithScript,
        },
      },
      delete: {
        operationId: 'deleteScript',
        tags: ['Scripts'],
        summary: 'Delete a script',
        description: 'Deletes the script with its versions and share link.',
        parameters: [scriptIdParam],
        responses: {
          '204': { description: 'Deleted.' },
          ...commonWithScript,
        },
      },
    },
    '/scripts/{id}/upload': {
      patch: {
        operationId: 'uploadScriptVersion',
        tags: ['Scripts'],
        summary: 'Replace a script\'s content from a file',
        description: 'Records a new version whose content is the uploaded file. With a `baseVersion` field or `If-Match`, only when the script is still at that version.',
        parameters: [scriptIdParam, ifMatchParam],
        requestBody: uploadBody(false),
        responses: {
          '200': { description: 'The updated script.', headers: versionEtagHeader, content: jsonBody(ref('Script')) },
          ...uploadErrors,
          ...saveConflict,
          ...commonWithScript,
        },
      },
    },
    '/scripts/{id}/content': {
      get: {
        operationId: 'getScriptContent',
        tags: ['Scripts'],
        summary: 'Get a script\'s latest content as JSON',
        parameters: [scriptIdParam],
        responses: {
          '200': { description: 'The latest version.', headers: versionEtagHeader, content: jsonBody(ref('ScriptContent')) },
          ...commonWithScript,
        },
      },
    },
    '/scripts/{id}/versions/{version}': {
      get: {
        operationId: 'getScriptVersion',
        tags: ['Scripts'],
        summary: 'Get one version of a script',
        description: 'The content of an earlier (or the latest) version by its number, as the version history lists it.',
        parameters: [
          scriptIdParam,
          { name: 'version', in: 'path', required: true, description: 'Version number (1 is the first).', schema: { type: 'integer', minimum: 1 } },
        ],
        responses: {
          '200': { description: 'The version.', headers: versionEtagHeader, content: jsonBody(ref('ScriptVersion')) },
          '400': errorResponse('A version that is not a positive whole number (`Invalid version`).'),
          ...common,
          '404': errorResponse('No script with this id belongs to the key\'s owner, or it has no such version.'),
        },
      },
    },
    '/scripts/{id}/raw': {
      get: {
        operationId: 'getScriptRaw',
        tags: ['Scripts'],
        summary: 'Get a script\'s latest content as plain text',
        parameters: [scriptIdParam],
        responses: {
          '200': { description: 'The script text.', content: { 'text/plain': { schema: { type: 'string' } } } },
          ...commonWithScript,
        },
      },
    },
    '/scripts/{id}/loadstring': {
      get: {
        operationId: 'getScriptLoadstring',
        tags: ['Scripts'],
        summary: 'Get the loadstring snippet of a shared script',
        description:
          'A one-line snippet for the game platform: `loadstring(game:HttpGet("<origin>/api/share/<shareId>/raw"))()`. ' +
          'Only shared scripts have one: share it first with `POST /scripts/{id}/share`.',
        parameters: [scriptIdParam],
        responses: {
          '200': { description: 'The snippet.', content: { 'text/plain': { schema: { type: 'string' } } } },
          ...commonWithScript,
          '409': errorResponse('The script is not shared, or it is a JSON file (Rojo\'s), which has no loadstring.'),
        },
      },
    },
    '/scripts/{id}/share': {
      post: {
        operationId: 'shareScript',
        tags: ['Scripts'],
        summary: 'Share a script',
        description:
          'Creates the script\'s public share link, or returns the existing one. The public page is `/share/{shareId}` and ' +
          'the raw text `/api/share/{shareId}/raw`, both without an account. `?version=N` serves only versions saved ' +
          'since the link was made (`sharedAtVersion` on), unless `fullHistory` is true. Without a body a new link ' +
          'serves versions since sharing and a live link keeps its choice.',
        parameters: [scriptIdParam],
        requestBody: { required: false, content: jsonBody(ref('ShareRequest')) },
        responses: {
          '200': { description: 'The share id.', content: jsonBody(ref('ShareResult')) },
          ...commonWithScript,
        },
      },
    },
    '/folders': {
      get: {
        operationId: 'listFolders',
        tags: ['Folders'],
        summary: 'List your folders',
        description:
          'The folders of the key\'s owner by name, one page at a time; `parentId` links a folder to its parent (null at the root).',
        parameters: [
          {
            name: 'parentId',
            in: 'query',
            required: false,
            description: 'Only the folders directly inside this folder (`null`: at the root). Omitted: every folder.',
            schema: { type: 'string' },
          },
          ...pageParams(LIST_LIMITS.folders),
        ],
        responses: {
          '200': { description: 'One page of folders.', headers: pageHeaders, content: jsonBody({ type: 'array', items: ref('Folder') }) },
          ...pageErrors,
          ...common,
        },
      },
      post: {
        operationId: 'createFolder',
        tags: ['Folders'],
        summary: 'Create a folder',
        description: 'Creates a folder at the root or inside `parentId`. Names need not be unique.',
        requestBody: { required: true, content: jsonBody(ref('CreateFolderRequest')) },
        responses: {
          '201': { description: 'The new folder.', content: jsonBody(ref('Folder')) },
          '400': errorResponse('A blank or too long name.'),
          ...common,
          '404': errorResponse('`parentId` is not one of your folders.'),
        },
      },
    },
    '/folders/{id}/scripts': {
      get: {
        operationId: 'listFolderScripts',
        tags: ['Folders'],
        summary: 'List the scripts in a folder',
        description: 'The scripts directly inside one folder, newest update first, one page at a time (no content, like `GET /scripts`).',
        parameters: [{ ...scriptIdParam, description: 'Folder id.' }, ...pageParams(LIST_LIMITS.scripts)],
        responses: {
          '200': { description: 'One page of scripts.', headers: pageHeaders, content: jsonBody({ type: 'array', items: ref('ScriptSummary') }) },
          ...pageErrors,
          ...common,
          '404': errorResponse('No folder with this id belongs to the key\'s owner.'),
        },
      },
    },
    '/search': {
      get: {
        operationId: 'searchContent',
        tags: ['Search'],
        summary: 'Search your scripts',
        description:
          'Full-text search of the key owner\'s live scripts (never the trash, never another user\'s): every word of `q` ' +
          'must appear in the title or the content, as a whole word (words are runs of letters, digits and `_`), in any ' +
          'case; diacritics count, and words are not stemmed. Best match first (a title match weighs more), ties newest ' +
          'first. One item per matching version, with up to 5 matching lines and the ranges to highlight. Results past ' +
          'the first 1,000 are not offered.',
        parameters: [
          {
            name: 'q',
            in: 'query',
            required: true,
            description: 'The words to find: 1 to 200 characters, at least one letter or digit (the first 16 distinct words count).',
            schema: { type: 'string', minLength: 1, maxLength: 200 },
          },
          {
            name: 'versions',
            in: 'query',
            required: false,
            description: '`current` (default): the latest version of each script; `all`: every version.',
            schema: { type: 'string', enum: ['current', 'all'], default: 'current' },
          },
          ...pageParams(LIST_LIMITS.searchContent),
        ],
        responses: {
          '200': { description: 'One page of matches.', headers: pageHeaders, content: jsonBody({ type: 'array', items: ref('SearchMatch') }) },
          '400': errorResponse('A missing, blank or too long `q`, one without a letter or digit, another `versions`, or a bad `limit` or `cursor`.'),
          ...common,
        },
      },
    },
  },
  components: {
    securitySchemes: {
      ApiKeyAuth: {
        type: 'apiKey',
        in: 'header',
        name: 'X-API-Key',
        description: 'A personal API key (starts with `lv_`), created on the API Keys page.',
      },
    },
    schemas: {
      Error: {
        type: 'object',
        required: ['error'],
        properties: { error: { type: 'string', description: 'A human-readable message.' } },
      },
      Health: {
        type: 'object',
        required: ['status'],
        properties: { status: { type: 'string', const: 'ok' } },
      },
      Script: {
        type: 'object',
        required: ['id', 'title', 'extension', 'fileName', 'language', 'content', 'folderId', 'shareId', 'views', 'version', 'createdAt', 'updatedAt'],
        properties: {
          id: { type: 'string' },
          title: { type: 'string' },
          extension: { type: ['string', 'null'], description: 'The file extension the script keeps (`.lua`, `.luau`, `.json`, as uploaded or created); null for a script from before it was stored.' },
          fileName: { type: 'string', description: 'The file a sync writes: title + extension (`init.server.luau`); without an extension the title when it ends in one, else `<title>.lua`.' },
          language: { type: 'string', enum: ['lua', 'luau', 'json'], description: 'From `fileName`: `json` is plain text (no loadstring).' },
          content: { type: 'string' },
          folderId: { type: ['string', 'null'], description: 'null for a script at the root.' },
          shareId: { type: ['string', 'null'], description: 'null while the script is not shared.' },
          shareFullHistory: { type: 'boolean', description: 'Whether the share link serves versions saved before it was made.' },
          sharedAtVersion: { type: ['integer', 'null'], description: 'The version current when the link was made; null when not shared.' },
          views: { type: 'integer', minimum: 0, description: 'Views of the public share page.' },
          version: { type: 'integer', minimum: 1, description: 'The latest version number.' },
          createdAt: { type: 'string', format: 'date-time' },
          updatedAt: { type: 'string', format: 'date-time' },
        },
      },
      ScriptSummary: {
        type: 'object',
        description: 'A script in a list: no content.',
        required: ['id', 'title', 'extension', 'fileName', 'language', 'preview', 'size', 'folderId', 'shareId', 'views', 'version', 'createdAt', 'updatedAt'],
        properties: {
          id: { type: 'string' },
          title: { type: 'string' },
          extension: { type: ['string', 'null'], description: 'The file extension the script keeps (`.lua`, `.luau`, `.json`, as uploaded or created); null for a script from before it was stored.' },
          fileName: { type: 'string', description: 'The file a sync writes: title + extension (`init.server.luau`); without an extension the title when it ends in one, else `<title>.lua`.' },
          language: { type: 'string', enum: ['lua', 'luau', 'json'], description: 'From `fileName`: `json` is plain text (no loadstring).' },
          preview: { type: 'string', maxLength: 300, description: 'The first 300 characters of the content.' },
          size: { type: 'integer', minimum: 0, description: 'The content\'s size in bytes (UTF-8).' },
          folderId: { type: ['string', 'null'], description: 'null for a script at the root.' },
          shareId: { type: ['string', 'null'], description: 'null while the script is not shared.' },
          views: { type: 'integer', minimum: 0, description: 'Views of the public share page.' },
          version: { type: 'integer', minimum: 1, description: 'The latest version number.' },
          createdAt: { type: 'string', format: 'date-time' },
          updatedAt: { type: 'string', format: 'date-time' },
        },
      },
      ScriptContent: {
        type: 'object',
        required: ['id', 'title', 'extension', 'fileName', 'language', 'content', 'version', 'updatedAt'],
        properties: {
          id: { type: 'string' },
          title: { type: 'string' },
          extension: { type: ['string', 'null'], description: 'The file extension the script keeps (`.lua`, `.luau`, `.json`, as uploaded or created); null for a script from before it was stored.' },
          fileName: { type: 'string', description: 'The file a sync writes: title + extension (`init.server.luau`); without an extension the title when it ends in one, else `<title>.lua`.' },
          language: { type: 'string', enum: ['lua', 'luau', 'json'], description: 'From `fileName`: `json` is plain text (no loadstring).' },
          content: { type: 'string' },
          version: { type: 'integer', minimum: 1 },
          updatedAt: { type: 'string', format: 'date-time' },
        },
      },
      ScriptVersion: {
        type: 'object',
        required: ['id', 'version', 'content', 'comment', 'createdAt'],
        properties: {
          id: { type: 'string', description: 'The script id.' },
          version: { type: 'integer', minimum: 1 },
          content: { type: 'string' },
          comment: { type: 'string' },
          createdAt: { type: 'string', format: 'date-time' },
        },
      },
      SearchMatch: {
        type: 'object',
        description: 'A version of one of your scripts holding every word of the query.',
        required: ['scriptId', 'title', 'folderId', 'path', 'version', 'current', 'titleMatch', 'lines'],
        properties: {
          scriptId: { type: 'string' },
          title: { type: 'string', description: 'The title at that version.' },
          folderId: { type: ['string', 'null'], description: 'null for a script at the root.' },
          path: {
            type: 'array',
            description: 'The script\'s folders, root first (empty at the root).',
            items: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'string' }, name: { type: 'string' } } },
          },
          version: { type: 'integer', minimum: 1, description: 'The version that matched.' },
          current: { type: 'boolean', description: 'Whether that version is the latest.' },
          titleMatch: { type: 'boolean', description: 'Whether the title holds a query word.' },
          lines: {
            type: 'array',
            maxItems: 5,
            description: 'The first lines holding any query word (none when only the title matched).',
            items: {
              type: 'object',
              required: ['line', 'text', 'highlights'],
              properties: {
                line: { type: 'integer', minimum: 1, description: 'Line number, from 1.' },
                text: { type: 'string', maxLength: 300, description: 'The line, or the 300 characters of it around its first match.' },
                highlights: {
                  type: 'array',
                  description: 'Where query words are in `text`: [start, end) offsets in UTF-16 code units.',
                  items: { type: 'array', items: { type: 'integer', minimum: 0 }, minItems: 2, maxItems: 2 },
                },
              },
            },
          },
        },
      },
      Folder: {
        type: 'object',
        required: ['id', 'name', 'parentId', 'isPublic', 'shareId', 'createdAt', 'updatedAt'],
        properties: {
          id: { type: 'string' },
          name: { type: 'string' },
          parentId: { type: ['string', 'null'] },
          isPublic: { type: 'boolean' },
          shareId: { type: ['string', 'null'] },
          createdAt: { type: 'string', format: 'date-time' },
          updatedAt: { type: 'string', format: 'date-time' },
        },
      },
      CreateScriptRequest: {
        type: 'object',
        required: ['title', 'content'],
        properties: {
          title: { type: 'string', minLength: 1, maxLength: 200, description: 'Must not be blank.' },
          extension: { type: 'string', pattern: '^\\.([Ll][Uu][Aa][Uu]?|[Jj][Ss][Oo][Nn])$', description: 'The file extension the script keeps (`.lua`, `.luau` or `.json`, any case): `fileName` is title + extension. Omitted: none (`fileName` from the title alone).' },
          content: { type: 'string', minLength: 1, description: 'Must not be blank; at most 5 MB (UTF-8 bytes; 413 over it or past the account\'s storage quota).' },
          folderId: { type: ['string', 'null'], description: 'A folder of yours, or null / omitted for the root.' },
          comment: { type: 'string', maxLength: 500, description: 'Comment of version 1.' },
        },
      },
      UpdateScriptRequest: {
        type: 'object',
        properties: {
          title: { type: 'string', minLength: 1, maxLength: 200 },
          content: { type: 'string', minLength: 1, description: 'At most 5 MB.' },
          comment: { type: 'string', maxLength: 500, description: 'Version comment. Defaults to an automatic comment with the date and time.' },
          baseVersion: {
            type: 'integer',
            minimum: 1,
            description: 'The version this edit started from: when the script is at another version, nothing is recorded and the answer is 409. Omitted: no check (the later save becomes current).',
          },
        },
      },
      SaveConflict: {
        type: 'object',
        required: ['error', 'currentVersion', 'current'],
        properties: {
          error: { type: 'string' },
          currentVersion: { type: 'integer', minimum: 1 },
          current: {
            type: 'object',
            required: ['version', 'title', 'updatedAt'],
            properties: {
              version: { type: 'integer', minimum: 1 },
              title: { type: 'string' },
              content: { type: 'string', description: 'The current content; left out when over 1 MB (fetch it with GET .../content).' },
              updatedAt: { type: 'string', format: 'date-time' },
              savedWith: { type: 'string', enum: ['apiKey', 'session'], description: 'How the current version was saved: with an API key, or signed in to the web app.' },
            },
          },
        },
      },
      ShareRequest: {
        type: 'object',
        properties: {
          fullHistory: { type: 'boolean', description: 'true: the link serves every version, including those saved before sharing.' },
        },
      },
      ShareResult: {
        type: 'object',
        required: ['shareId', 'fullHistory', 'sharedAtVersion', 'rawUrl', 'loadstring'],
        properties: {
          shareId: { type: 'string', maxLength: 36 },
          fullHistory: { type: 'boolean' },
          sharedAtVersion: { type: 'integer', minimum: 1, description: 'Older versions answer 404 on the link unless fullHistory.' },
          rawUrl: { type: 'string', description: 'The public raw URL, `<origin>/api/share/{shareId}/raw`.' },
          loadstring: { type: ['string', 'null'], description: 'The loadstring snippet for that URL; null for a JSON file.' },
        },
      },
      CreateFolderRequest: {
        type: 'object',
        required: ['name'],
        properties: {
          name: { type: 'string', minLength: 1, description: 'Must not be blank.' },
          parentId: { type: ['string', 'null'], description: 'A folder of yours, or null / omitted for the root.' },
          isPublic: { type: 'boolean', description: 'Defaults to false.' },
        },
      },
    },
  },
};

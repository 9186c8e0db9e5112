/**
 * Command-line examples for every /api/v1 call (docs/api.md "Public API"), written against the page's own origin.
 * They read the key and script id from shell variables set by the first example, so each one pastes as it is.
 */
export interface ApiExample {
  id: string;
  title: string;
  description: string;
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  command: string;
}

export interface ExampleContext {
  origin: string;
  /** The full key when it was just created on this page, else a placeholder. */
  apiKey: string | null;
  /** One of the user's script ids, else a placeholder. */
  scriptId: string | null;
}

export const KEY_VAR = 'LUAVAULT_API_KEY';
export const SCRIPT_VAR = 'SCRIPT_ID';

const shellQuote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

export function buildExamples({ origin, apiKey, scriptId }: ExampleContext): ApiExample[] {
  const base = `${origin}/api/v1`;
  const auth = `-H "X-API-Key: $${KEY_VAR}"`;
  const json = '-H "Content-Type: application/json"';
  const script = `$${SCRIPT_VAR}`;
  return [
    {
      id: 'setup',
      title: 'Set your key and a script id',
      description:
        'Run this first in your shell. The other examples read the key and script id from these variables. Replace the values with your own key and one of your script ids (the list call below shows them).',
      method: 'GET',
      path: '',
      command: [
        `export ${KEY_VAR}=${shellQuote(apiKey ?? 'lv_your_api_key')}`,
        `export ${SCRIPT_VAR}=${shellQuote(scriptId ?? 'your_script_id')}`,
      ].join('\n'),
    },
    {
      id: 'health',
      title: 'Check the API and your key',
      description: 'Answers {"status":"ok"} when the key is valid, 401 otherwise.',
      method: 'GET',
      path: '/health',
      command: `curl -sS ${auth} "${base}/health"`,
    },
    {
      id: 'list-scripts',
      title: 'List your scripts',
      description: 'Your scripts, newest update first, a page at a time (the next page is in the Link header): ids, titles, a 300-character preview and the latest version number.',
      method: 'GET',
      path: '/scripts',
      command: `curl -sS ${auth} "${base}/scripts"`,
    },
    {
      id: 'list-folders',
      title: 'List your folders',
      description: 'Every folder, with its parentId (null at the root).',
      method: 'GET',
      path: '/folders',
      command: `curl -sS ${auth} "${base}/folders"`,
    },
    {
      id: 'content',
      title: 'Get a script as JSON',
      description: 'The latest version: id, title, content, version and updatedAt.',
      method: 'GET',
      path: '/scripts/{id}/content',
      command: `curl -sS ${auth} "${base}/scripts/${script}/content"`,
    },
    {
      id: 'raw',
      title: 'Download a script',
      description: 'The latest content as plain text, saved to script.lua.',
      method: 'GET',
      path: '/scripts/{id}/raw',
      command: `curl -sS ${auth} "${base}/scripts/${script}/raw" -o script.lua`,
    },
    {
      id: 'create',
      title: 'Create a script',
      description: 'Creates a script (version 1) at the root; add "folderId" to put it in a folder.',
      method: 'POST',
      path: '/scripts',
      command: `curl -sS -X POST ${auth} ${json} \\\n  -d '{"title": "Hello World", "content": "print(\\"Hello from LuaVault\\")"}' \\\n  "${base}/scripts"`,
    },
    {
      id: 'upload',
      title: 'Create a script from a file',
      description: 'Uploads a .lua, .luau or .txt file (at most 5MB). The title defaults to the file name without its extension; the script keeps the extension (`fileName`).',
      method: 'POST',
      path: '/scripts/upload',
      command: `echo 'print("Hello from a file")' > hello.lua\ncurl -sS -X POST ${auth} \\\n  -F "file=@hello.lua" -F "title=Hello File" -F "comment=Uploaded from the command line" \\\n  "${base}/scripts/upload"`,
    },
    {
      id: 'update',
      title: 'Update a script',
      description: 'Saves new content (and optionally a new title) as a new version with your comment.',
      method: 'PATCH',
      path: '/scripts/{id}',
      command: `curl -sS -X PATCH ${auth} ${json} \\\n  -d '{"content": "print(\\"Updated from the API\\")", "comment": "Updated from the command line"}' \\\n  "${base}/scripts/${script}"`,
    },
    {
      id: 'update-upload',
      title: 'Update a script from a file',
      description: 'Saves the content of a local file (here script.lua, as downloaded above) as a new version.',
      method: 'PATCH',
      path: '/scripts/{id}/upload',
      command: `curl -sS -X PATCH ${auth} \\\n  -F "file=@script.lua" -F "comment=Uploaded from the command line" \\\n  "${base}/scripts/${script}/upload"`,
    },
    {
      id: 'share',
      title: 'Share a script',
      description: `Creates the script's share link (or returns the existing one). The public page is ${origin}/share/{shareId}.`,
      method: 'POST',
      path: '/scripts/{id}/share',
      command: `curl -sS -X POST ${auth} "${base}/scripts/${script}/share"`,
    },
    {
      id: 'loadstring',
      title: 'Get the loadstring snippet',
      description: 'The one-line snippet that runs a shared script on the game platform (409 when the script is not shared).',
      method: 'GET',
      path: '/scripts/{id}/loadstring',
      command: `curl -sS ${auth} "${base}/scripts/${script}/loadstring"`,
    },
    {
      id: 'openapi',
      title: 'Get the OpenAPI description',
      description: 'The machine-readable OpenAPI 3.1 document of this API, for code generators and API clients.',
      method: 'GET',
      path: '/openapi.json',
      command: `curl -sS "${base}/openapi.json"`,
    },
  ];
}

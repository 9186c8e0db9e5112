import type { AppConfig, ConfigState } from './api/get-config';

export interface FaqItem {
  id: string;
  question: string;
  /** Paragraphs of the answer; searched together with the question. */
  answer: string[];
}

function plural(n: number, word: string) {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function megabytes(bytes: number) {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10}MB`;
}

/** The account-limit answer, stated from the server's configured quota (`GET /api/config`). */
export function quotaAnswer(state: ConfigState): string[] {
  if (state.status === 'loading') return ['Checking the limit configured on this LuaVault instance\u2026'];
  if (state.status === 'error') return ['The limit configured on this LuaVault instance could not be loaded. Reload the page to try again.'];
  const quota = state.config.scriptQuota;
  if (quota === null) {
    return ['Accounts on this LuaVault instance can keep an unlimited number of scripts: no script limit is configured.'];
  }
  return [
    `Each account on this LuaVault instance can keep up to ${plural(quota, 'script')}.`,
    `Once you have ${plural(quota, 'script')}, creating or uploading another one is refused with an error message until you delete a script and empty it from the trash (scripts in the trash still count).`,
  ];
}

export function buildFaq(state: ConfigState): FaqItem[] {
  const config: AppConfig | null = state.status === 'ready' ? state.config : null;
  const maxUpload = config?.maxUploadBytes ? megabytes(config.maxUploadBytes) : '5MB';
  return [
    {
      id: 'what-is',
      question: 'What is LuaVault?',
      answer: [
        'LuaVault is a place to store, edit, version and share Lua scripts for the game platform. Every save keeps a version, so you can always look back or restore an older one.',
      ],
    },
    {
      id: 'create-account',
      question: 'How do I create an account?',
      answer: [
        'Click Sign In, open the Register tab, choose a username (3 to 32 letters, digits, dots, dashes or underscores) and a password (at least 6 characters), and click Create Account. An email address is optional. You are signed in right away.',
      ],
    },
    {
      id: 'script-limit',
      question: 'Is there a limit on how many scripts I can keep?',
      answer: quotaAnswer(state),
    },
    {
      id: 'versions',
      question: 'How does version history work?',
      answer: [
        'Every save of an existing script creates a new version with its number, time and full content. Open History in the editor to view an older version read-only, compare it with the current one, or restore it.',
        'Restoring creates a new version with the old content; newer versions are never deleted.',
      ],
    },
    {
      id: 'drafts',
      question: 'Will I lose my changes if I close the tab before saving?',
      answer: [
        'No: drafts are kept while you type and offered back after a reload. A version is created when you save.',
      ],
    },
    {
      id: 'time-travel',
      question: 'Can I see my workspace as it was yesterday?',
      answer: [
        'Yes. On My Workspace, choose a date and time under As of (or click Yesterday): your folders and scripts appear as they were then, including scripts deleted since (but not those deleted for good from the Trash), with the activity up to that moment. It is read-only; Back to now returns to the present.',
        "A script's History also has an As of tab that shows its title and content at the moment you choose.",
      ],
    },
    {
      id: 'share',
      question: 'How do I share a script?',
      answer: [
        'Open the script and click Generate Share Link. Anyone with the link can view the script without an account, and copy it, but cannot edit it. You also get a raw URL and a loadstring snippet for the game platform.',
        'Whole folders can be shared the same way from the folder view.',
      ],
    },
    {
      id: 'revoke',
      question: 'Can I stop sharing a script?',
      answer: [
        'Yes. In the editor, open View Share Link and click Revoke link: the old link, raw URL and loadstring stop working at once. Sharing again creates a new link.',
      ],
    },
    {
      id: 'upload',
      question: 'Which files can I upload?',
      answer: [
        `.lua, .luau (Luau, as in Roblox and Rojo projects) and .txt files of up to ${maxUpload} each, and Rojo's own .project.json, .meta.json and .model.json files (kept as plain text). You can upload a single script, several files at once, or a whole folder structure as a repository; the folders are recreated in LuaVault.`,
        "A script's title is its file name without the extension, and the script keeps the extension: lists show Util.luau, and luavault pull writes Util.luau back, so a Rojo project pulled from LuaVault builds the same game. A .txt file becomes a Lua script (pulled as .lua).",
      ],
    },
    {
      id: 'folders',
      question: 'What happens to my scripts when I delete a folder?',
      answer: [
        'They move to the root of My Workspace, and so do its subfolders, each with what it holds; only the empty folder goes to the Trash.',
        'To delete a folder together with its subfolders and every script inside them, choose Delete the folder and everything in it: all of it moves to the Trash as one entry, and restoring the folder brings all of it back, with every version.',
      ],
    },
    {
      id: 'trash',
      question: 'Can I get a deleted script back?',
      answer: [
        `Yes, for ${config?.trashDays ?? 30} days: deleted scripts and folders wait on the Trash page (in the user menu). Restore brings a script back with its whole history; its old share link no longer works, so share it again for a new one. After that period, or when you empty the trash, it is deleted for good: its key is destroyed, so its titles, names and contents can never be read again (time travel included); the history keeps only ids, times, version numbers and sizes. Until then it still counts towards your storage and script limits.`,
      ],
    },
    {
      id: 'luau',
      question: 'Does the editor understand Luau?',
      answer: [
        'Yes. The editor checks your script as Luau, the language of the game platform: type annotations and type declarations, generics, continue, compound assignment (+=), string interpolation with backticks, if-expressions and attributes such as @native are not marked as errors. A real syntax error is underlined at its line and column, and completion suggests Luau keywords and types as well as the platform\'s globals and services.',
      ],
    },
    {
      id: 'format',
      question: 'Can LuaVault format my code?',
      answer: ['Yes. The Format button in the editor formats the script with StyLua, the Lua and Luau formatter.'],
    },
    {
      id: 'api-keys',
      question: 'What are API keys for?',
      answer: [
        'API keys let command-line tools and automated workflows use the public API (/api/v1) on your behalf: list, read, create, update and share your scripts. Create them on the API Keys page, reached from the user menu; the API Examples tab shows ready-to-paste commands.',
      ],
    },
    {
      id: 'lost-key',
      question: 'I lost my API key. Can I see it again?',
      answer: [
        'No. The full key is shown only once, when it is created. Create a new key and delete the old one; a deleted key stops working at once.',
      ],
    },
    {
      id: 'private',
      question: 'Are my scripts private?',
      answer: [
        'From other users, yes: your scripts and folders are visible only to you until you create a share link. Other users cannot see or find them.',
        'The administrator of this LuaVault can see every account\u2019s script titles, sizes and dates, and can open and download any script. Opening one you have not shared is recorded in that script\u2019s Activity (\u201cOpened by admin\u201d), so you see when it happened; the list shows the administrator no text of a private script.',
      ],
    },
  ];
}

/** Case-insensitive match of every word of the query against the question and answer. */
export function filterFaq(items: FaqItem[], query: string): FaqItem[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return items;
  return items.filter((item) => {
    const text = `${item.question} ${item.answer.join(' ')}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

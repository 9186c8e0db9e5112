import { LegalDocument, type LegalSection } from './LegalDocument';

const sections: LegalSection[] = [
  {
    title: 'Information We Collect',
    body: [
      'Account data: your username, your email address if you give one, and your password, which is stored only as a one-way hash.',
      'Your content: scripts, folders and every version of every script, with the time of each change and the account that made it.',
      'API keys: the name you give a key, its creation date, a short preview, a hash of the key (never the key itself) and when it was last used.',
      'Usage data: the number of views of your shared scripts, and server logs kept to operate and secure the service (for example the time and result of failed requests).',
    ],
  },
  {
    title: 'How We Use Information',
    body: [
      'We use this information only to provide LuaVault: to sign you in, store and version your scripts, serve your share links and API calls, show statistics to the administrator of this instance, and keep the service secure. We do not sell your data and do not use advertising or analytics trackers.',
    ],
  },
  {
    title: 'What the Administrator Can See',
    body: [
      'The administrator of this instance sees statistics, every account\u2019s username and creation date, and every live script\u2019s title, owner, size, view count and last update; for a shared script also its first 300 characters. The administrator can open and download the full content of any live script. Each time a script without a share link is opened that way, an entry \u201cOpened by the administrator\u201d is added to that script\u2019s Activity, which you see; opening a shared script (public to anyone with the link) is not recorded. Scripts in your Trash and deleted ones are not shown to the administrator.',
    ],
  },
  {
    title: 'Cookies and Browser Storage',
    body: [
      'A single session cookie (lv_session, or __Host-lv_session over HTTPS; HttpOnly) keeps you signed in; signing out revokes it on the server. The editor keeps unsaved drafts in your browser\u2019s local storage so they can be offered back after a reload. The administrator dashboard keeps its access flag in session storage, which the browser clears when the session ends.',
    ],
  },
  {
    title: 'Sharing',
    body: [
      'Your scripts are private until you create a share link. Anyone with a share link can read the shared script or folder without an account. Revoking a link stops it from working at once.',
    ],
  },
  {
    title: 'Retention and Deletion',
    body: [
      'LuaVault records every change as an entry in an append-only history. When you delete a script or folder it disappears at once from your workspace, from share links and from the API, and waits in your Trash for 30 days (the instance\u2019s TRASH_DAYS), where only you can see, restore or empty it; after that it is deleted for good. A deleted API key stops working at once. History entries stay in the instance\u2019s storage.',
      'The titles, contents and version comments of your scripts are written into that history encrypted with a key of each script\u2019s own; the names of your folders, your email address and your password hash with a key that belongs to your account alone (AES-256-GCM). The keys are kept apart from the history.',
      'When a script is deleted for good (from the Trash, by you or after the trash period), its key is destroyed: its titles, contents and comments can no longer be read by anyone, including the operator, and no page, share link, API call, time travel or administrator view shows it again. What remains of it: ids (the script\u2019s, its folder\u2019s, its share links\u2019 and your account\u2019s), the time and type of every change, version numbers and sizes. Versions saved before this instance gave scripts keys of their own stay encrypted with your account\u2019s key: never shown again, but readable to the operator until your account is deleted.',
      'You can delete your account yourself under Settings. Deleting it removes at once every script and version, every folder, every share link (they answer \u201cnot found\u201d), every API key (they stop working), every session, and your account from sign-in and from the administrator\u2019s lists and statistics. Your account\u2019s key is then destroyed, so the encrypted parts of your history can no longer be read by anyone, including the operator.',
      'What remains after deletion: the history entries themselves, holding your scripts\u2019 contents, titles and comments and your folder names, encrypted, without the key to read them; their metadata in plain form (the ids of your account, scripts, folders, share links and API keys, the time and type of every change, version numbers, folder moves, API key names and previews with their hashes, and view counts); your username, which stays reserved so nobody else can take it; and the server logs, which the operator keeps for a limited time. Backups the operator made before the deletion still hold your key until they expire.',
    ],
  },
  {
    title: 'Security',
    body: [
      'Passwords and API keys are stored only as hashes, sessions can be revoked, and another user\u2019s scripts, folders and keys are never shown to you. No system is perfectly secure; keep your password and keys secret.',
    ],
  },
  {
    title: 'Children\u2019s Privacy',
    body: [
      'LuaVault is not intended for children under 13. We do not knowingly collect personal information from children under 13. If you believe a child under 13 has created an account, contact the operator so the account can be removed.',
    ],
  },
  {
    title: 'Changes to This Policy',
    body: [
      'We may update this policy. The date at the top of this page shows the latest revision. Questions can be sent to the operator of this LuaVault instance.',
    ],
  },
];

export default function PrivacyPage() {
  return <LegalDocument title="Privacy Policy" lastUpdated="November 24, 2026" sections={sections} />;
}

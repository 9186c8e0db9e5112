import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ApiReference } from './ApiReference';
import { LuaReference } from './LuaReference';

export interface DocSection {
  id: string;
  title: string;
  body: () => ReactNode;
}

function Kbd({ children }: { children: ReactNode }) {
  return <kbd className="lv-docs__kbd">{children}</kbd>;
}

const shortcuts: { action: string; keys: ReactNode }[] = [
  { action: 'Save the script (creates a new version)', keys: <><Kbd>Ctrl/Cmd</Kbd> + <Kbd>S</Kbd></> },
  { action: 'Find (and replace)', keys: <><Kbd>Ctrl/Cmd</Kbd> + <Kbd>F</Kbd> (<Kbd>Ctrl/Cmd</Kbd> + <Kbd>H</Kbd>)</> },
  { action: 'Go to line', keys: <><Kbd>Ctrl</Kbd> + <Kbd>G</Kbd></> },
  { action: 'Toggle line comment', keys: <><Kbd>Ctrl/Cmd</Kbd> + <Kbd>/</Kbd></> },
  { action: 'Undo', keys: <><Kbd>Ctrl/Cmd</Kbd> + <Kbd>Z</Kbd></> },
  { action: 'Redo', keys: <><Kbd>Ctrl/Cmd</Kbd> + <Kbd>Shift</Kbd> + <Kbd>Z</Kbd> (or <Kbd>Ctrl</Kbd> + <Kbd>Y</Kbd>)</> },
];

export const docSections: DocSection[] = [
  {
    id: 'getting-started',
    title: 'Getting Started',
    body: () => (
      <>
        <p>LuaVault keeps your Lua scripts in one place, with a full version history and private share links.</p>
        <h3>Create an account</h3>
        <ol className="lv-docs__steps">
          <li>
            Open the <Link to="/auth">Sign In</Link> page and choose the <strong>Register</strong> tab.
          </li>
          <li>Pick a username (at least 3 characters) and a password (at least 6 characters); an email address is optional.</li>
          <li>
            Click <strong>Create Account</strong>: you are signed in and taken to My Workspace.
          </li>
        </ol>
        <h3>Create your first script</h3>
        <ol className="lv-docs__steps">
          <li>
            In My Workspace, click <strong>New Script</strong>.
          </li>
          <li>
            Give the script a title in the Script name field, pick <strong>Luau</strong> (the default) or{' '}
            <strong>Lua</strong> under it, and write (or paste) your code in the editor. The pick is the file&apos;s
            extension: the script is listed, and synced, as <code>title.luau</code> or <code>title.lua</code>.
          </li>
          <li>
            Click <strong>Save</strong>. The script is created with version 1; every later save adds a version.
          </li>
        </ol>
        <p>
          Keep scripts organised in folders (<strong>New Folder</strong>), or upload existing <code>.lua</code>,{' '}
          <code>.luau</code> and <code>.txt</code> files (and Rojo&apos;s <code>.project.json</code>,{' '}
          <code>.meta.json</code>, <code>.model.json</code>), a whole folder tree as a repository included. An upload
          keeps each file&apos;s extension: <code>Util.luau</code> becomes the script <code>Util</code>, listed and
          pulled as <code>Util.luau</code>.
        </p>
      </>
    ),
  },
  {
    id: 'editor-guide',
    title: 'Editor Guide',
    body: () => (
      <>
        <p>The script editor is built on Monaco, the editor of Visual Studio Code, set up for Lua:</p>
        <ul className="lv-docs__list">
          <li>
            <strong>Syntax highlighting</strong> for Lua keywords, strings, numbers and comments.
          </li>
          <li>
            <strong>Auto-indent</strong>: new lines follow the indentation of the block you are in.
          </li>
          <li>
            <strong>Code completion</strong>: Lua and Luau keywords (<code>continue</code>, <code>type</code>,{' '}
            <code>export type</code>, <code>typeof</code>), Luau and platform types after <code>x: </code> or{' '}
            <code>-&gt;</code>, common globals and the platform's services (after <code>game:GetService(&quot;</code>), classes
            (after <code>Instance.new(&quot;</code>), snippets and names already used in the script are suggested as you type;{' '}
            <Kbd>Ctrl</Kbd> + <Kbd>Space</Kbd> opens the list.
          </li>
          <li>
            <strong>Error detection</strong>: scripts are checked as Luau while you type, so type annotations, generics,{' '}
            <code>continue</code>, <code>+=</code>, <code>`{'{'}interpolation{'}'}`</code>, if-expressions and attributes such
            as <code>@native</code> are not errors. A real syntax error is underlined in red at its line, with the parser's
            message and column on hover and under the editor. Plain Lua 5.1-5.4 scripts are accepted too.
          </li>
          <li>
            <strong>Line numbers</strong>, word wrap and a minimap of the whole script.
          </li>
        </ul>
        <h3>Keyboard shortcuts</h3>
        <table className="lv-docs__table">
          <thead>
            <tr>
              <th scope="col">Action</th>
              <th scope="col">Shortcut</th>
            </tr>
          </thead>
          <tbody>
            {shortcuts.map((s) => (
              <tr key={s.action}>
                <td>{s.action}</td>
                <td>{s.keys}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <h3>Formatting</h3>
        <p>
          The <strong>Format</strong> button formats the whole script with StyLua, the Lua and Luau formatter. Formatting
          changes only the editor content; save to keep the result as a new version.
        </p>
        <h3>Drafts</h3>
        <p>
          Drafts are kept while you type and offered back after a reload; a version is created when you save. Nothing reaches
          your version history until you click Save.
        </p>
      </>
    ),
  },
  {
    id: 'version-control',
    title: 'Version Control',
    body: () => (
      <>
        <p>
          Every save of an existing script creates a new version. A version records its <strong>number</strong> (1, 2, 3...),
          its <strong>timestamp</strong>, a comment and the <strong>full content</strong> of the script at that moment.
        </p>
        <h3>Version history</h3>
        <p>
          The <strong>History</strong> button in the editor shows how many versions the script has and opens its timeline,
          latest first. The latest version carries the <em>Current</em> badge; each version shows its comment, or
          &ldquo;Version N&rdquo; when it has none.
        </p>
        <ul className="lv-docs__list">
          <li>
            <strong>View</strong> opens an older version read-only; <em>Return to Current Version</em> takes you back.
          </li>
          <li>
            <strong>Compare</strong> shows an older version side by side with the current one: additions are highlighted in
            green, deletions in red.
          </li>
          <li>
            <strong>Restore</strong> makes an older version current again by creating a new version with its content. Newer
            versions are never deleted, so a restore can itself be undone.
          </li>
        </ul>
        <h3>Save conflicts</h3>
        <p>
          If the script was saved elsewhere (another tab, another device, the API) since you opened it, Save does not
          overwrite that version silently: a dialog shows their version and your text side by side and lets you{' '}
          <strong>save yours as a new version</strong> (theirs stays in the history), <strong>take theirs</strong> (after a
          confirmation; your text can be kept as this browser&rsquo;s draft) or <strong>copy yours</strong> to the
          clipboard. API clients get the same protection by sending <code>baseVersion</code> or{' '}
          <code>If-Match</code> with the version&rsquo;s <code>ETag</code>; a stale save answers 409 with the current
          version.
        </p>
        <h3>Time travel</h3>
        <p>
          Every change is kept in the history, so you can look back. On <strong>My Workspace</strong>, pick a date and time
          under <em>As of</em> (or choose <em>Yesterday</em>) to see your folders and scripts as they were then, including
          scripts deleted since. The view is read-only; <em>Back to now</em> returns to the present. In a script&rsquo;s
          History, the <strong>As of</strong> tab shows its title, content and activity at the moment you choose.
        </p>
        <h3>Trash</h3>
        <p>
          Deleting a script moves it to the <strong>Trash</strong> (in the user menu). Deleting a folder moves its scripts and
          subfolders to the root and the empty folder to the Trash; choose <em>Delete the folder and everything in it</em> to
          move it to the Trash with all it holds. What is in the Trash stays there for 30 days
          (the instance's <code>TRASH_DAYS</code>) and still counts towards your storage and script limits.{' '}
          <strong>Restore</strong> brings it back with every version and its activity; a folder comes back with everything
          that was deleted with it. Share links are revoked on deletion and stay revoked after a restore: share again for a
          new link. <strong>Empty trash</strong>, or the 30 days running out, deletes it for good: its key is destroyed, so
          nothing of its titles, names or contents can be read again, time travel included; the history keeps only ids,
          times, version numbers and sizes.
        </p>
        <h3>Live updates</h3>
        <p>
          Open tabs follow your changes as they happen: a script or folder created, saved, renamed, moved, shared or deleted
          in one tab or device shows up in your other tabs&rsquo; workspace, folder pages and history without a reload. When
          the script open in the editor gets a newer version elsewhere, the editor says so (&ldquo;This script was changed
          elsewhere&rdquo;) and leaves your text alone: <em>Reload</em> loads the new version, <em>Keep editing</em> keeps
          yours.
        </p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'Sharing Scripts',
    body: () => (
      <>
        <p>
          Scripts are private. In the editor, <strong>Generate Share Link</strong> creates a unique, hard-to-guess link to one
          script; folders can be shared the same way from the folder view.
        </p>
        <ul className="lv-docs__list">
          <li>
            People who open the link need no account. They see the title, the content in a read-only editor, when it was last
            updated, its version number and its view count. They can copy the script, but not edit it.
          </li>
          <li>
            <strong>Copy Raw URL</strong> gives the plain-text address of the script, and <strong>Copy Loadstring</strong> a
            one-line snippet that runs it on the game platform:
            <pre className="lv-docs__code">{`loadstring(game:HttpGet("${window.location.origin}/api/share/<shareId>/raw"))()`}</pre>
          </li>
          <li>
            <strong>Revoke link</strong> in the share dialog (View Share Link) turns the link off at any time: the page, the
            raw URL and the loadstring answer with an error at once. Sharing again creates a new link.
          </li>
          <li>
            <strong>View counts</strong>: LuaVault counts how often each shared script is viewed; the count is shown on the
            shared page.
          </li>
          <li>
            <strong>Views over time</strong>: the <strong>Views</strong> panel beside the editor charts the last 90 days (UTC),
            page views (people opening the link) and raw fetches (game servers and tools reading the raw URL) apart, with
            the numbers in a table behind <strong>Show table</strong>. New views show within a few seconds; refresh the
            panel to see them.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'command-line',
    title: 'Command-Line Sync',
    body: () => (
      <>
        <p>
          The <code>luavault</code> command keeps a folder on your computer (a Rojo project, say) in step with a LuaVault
          folder, so you can write in your own editor. It is one file that needs only Node.js: download it from the
          &quot;Command-line tool&quot; section of the API Keys page (or <code>{`${window.location.origin}/cli/luavault.mjs`}</code>),
          create an API key there, and run it with <code>node luavault.mjs</code>. Not <code>npx luavault</code>: npm would
          fetch an unrelated package of that name.
        </p>
        <pre className="lv-docs__code">{`luavault login --server ${window.location.origin}
luavault push my-game --to Games/MyGame   # the first push names the folder
luavault watch my-game                    # push on save
luavault pull Games/MyGame copy           # the folder into an empty directory
luavault status                           # what push and pull would do
luavault diff src/shared/Util.luau        # your file against the latest version
luavault share src/server/init.server.lua # raw URL and loadstring
luavault search GetService Players        # file:line: text for every match`}</pre>
        <ul className="lv-docs__list">
          <li>
            A directory is a folder of the same name, a <code>.lua</code> or <code>.luau</code> file (or one of Rojo&apos;s{' '}
            <code>.project.json</code>, <code>.meta.json</code>, <code>.model.json</code>) a script, and a pull writes each
            script under its file name: the title plus the extension it kept. Rojo&apos;s names stay as they are, whether
            the tree was pushed or uploaded in the browser: <code>src/server/init.server.luau</code> is the script{' '}
            <code>init.server</code> in the folder <code>server</code> inside <code>src</code>, and a pull writes it back to
            the same path, so Rojo builds the same game. A script without a stored extension (an older one, a{' '}
            <code>.txt</code> upload) is pulled as <code>title.lua</code>. Other files are not synced.
          </li>
          <li>
            A push creates a version only for files you changed. A script someone saved since your last push or pull is
            never overwritten: it is reported as a conflict, and <code>luavault diff</code> shows both sides. To get out,{' '}
            <code>luavault pull</code> merges both sides (git-style markers where both changed the same lines); fix the
            file, then <code>luavault resolve &lt;file&gt;</code> and push. Or take one side:{' '}
            <code>pull --theirs &lt;file&gt;</code>, <code>push --force &lt;file&gt;</code>.
          </li>
          <li>
            Deleted files are only reported; <code>push --delete</code> deletes them on the server, <code>pull --delete</code>{' '}
            removes files whose script was deleted.
          </li>
          <li>
            <code>--json</code> prints one JSON object for tools. Exit codes: 0 done, 1 error, 2 usage, 3 conflicts, 4 not
            logged in or key refused.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'search',
    title: 'Search',
    body: () => (
      <>
        <p>
          The search box in <Link to="/">My Workspace</Link> looks through all of your own scripts and folders, in every
          folder. It lists folders and scripts whose name contains what you type, then the <strong>matches inside
          scripts</strong>.
        </p>
        <ul className="lv-docs__list">
          <li>
            <strong>What is searched</strong>: the titles and the content of your scripts. Scripts in the trash and other
            people&apos;s scripts are never searched.
          </li>
          <li>
            <strong>All words</strong>: a script matches when every word you type appears in its title or content, as a whole
            word, in any case. Words are letters, digits and underscores, so <code>GetService Players</code> finds{' '}
            <code>game:GetService(&quot;Players&quot;)</code>; paste a line of code to find the script it came from. The best
            matches come first.
          </li>
          <li>
            Each match shows the script&apos;s folder, its version and its five best matching lines with their line numbers
            and indentation, your words highlighted: lines holding what you typed as a phrase first, then lines with every
            word, then the rest. Click the title to open the script at the best line, or a line (or move to it with{' '}
            <Kbd>Tab</Kbd> and press <Kbd>Enter</Kbd>) to open the editor with the cursor on that line.
          </li>
          <li>
            <strong>Include all versions</strong> searches every older version too. A match found only in an older version is
            marked <em>old version</em> and opens that version&apos;s read-only view, where you can restore it.
          </li>
          <li>
            Tools can search with an API key: <code>GET /api/v1/search?q=…</code> (add <code>&amp;versions=all</code> for
            older versions), see the API Reference.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'lua-reference',
    title: 'Lua Reference',
    body: () => (
      <>
        <p>A short refresher on the language. Open one topic at a time.</p>
        <LuaReference />
      </>
    ),
  },
  {
    id: 'api-reference',
    title: 'API Reference',
    body: () => <ApiReference />,
  },
];

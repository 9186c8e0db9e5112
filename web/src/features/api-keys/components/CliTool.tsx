import { Button } from '../../../components/ui/Button';
import { CopyIcon, DownloadIcon } from '../../../components/ui/icons';
import { CLI_DOWNLOAD_PATH, cliInstallCommands } from '../cli-install';
import { copyWithToast } from './NewKeyBanner';

/** One command with its copy button. */
function Command({ label, command }: { label: string; command: string }) {
  return (
    <div className="lv-keys__cli-step">
      <div className="lv-keys__example-head">
        <p className="muted">{label}</p>
        <Button variant="outline" size="sm" aria-label={`Copy: ${label}`} onClick={() => void copyWithToast(command)}>
          <CopyIcon /> Copy
        </Button>
      </div>
      <pre className="lv-keys__code">
        <code>{command}</code>
      </pre>
    </div>
  );
}

/** "Command-line tool": the `luavault` sync CLI as one file from this server, and the commands to install and log in. */
export function CliTool() {
  const commands = cliInstallCommands(window.location.origin);
  return (
    <section className="lv-keys__example lv-keys__cli" aria-labelledby="cli-tool-title" data-testid="cli-tool">
      <div className="lv-keys__example-head">
        <div>
          <h2 id="cli-tool-title">Command-line tool</h2>
          <p className="muted">
            <code>luavault</code> keeps a folder of <code>.lua</code>/<code>.luau</code> files (a Rojo project&apos;s{' '}
            <code>src/</code>, say) in step with a LuaVault folder: push, pull with a three-way merge, watch, share, search.
            One file for Node 22.16 or later, nothing else to install. Log in with an API key from this page.
          </p>
        </div>
        <a className="btn btn-primary btn-sm" href={CLI_DOWNLOAD_PATH} download="luavault.mjs">
          <DownloadIcon /> Download luavault.mjs
        </a>
      </div>
      <Command label="1. Download it into the current directory" command={commands.download} />
      <Command label="2. Log in (paste an API key when asked; it is not shown)" command={commands.login} />
      <Command label="Without curl, download it with Node" command={commands.downloadWithNode} />
      <p className="muted lv-keys__cli-note">
        Then <code>node luavault.mjs push my-game --to Games/MyGame</code>; <code>node luavault.mjs --help</code> lists every
        command. Not <code>npx luavault</code>: npm would fetch an unrelated package of that name from its registry. When
        this server is updated, the tool tells you to download it again.
      </p>
    </section>
  );
}

import { Button } from '../../../components/ui/Button';
import { AlertIcon, CopyIcon } from '../../../components/ui/icons';
import { toast } from '../../../components/ui/toast';
import { copyText } from '../../../lib/copy';
import type { CreatedApiKey } from '../api/api-keys';

export async function copyWithToast(text: string) {
  if (await copyText(text)) toast({ title: 'Copied to clipboard' });
  else toast({ title: 'Copy failed', description: 'Please manually copy the text', variant: 'destructive' });
}

/** The one-time display of a new key's full secret, until the user confirms they saved it. */
export function NewKeyBanner({ created, onDismiss }: { created: CreatedApiKey; onDismiss: () => void }) {
  return (
    <section className="lv-keys__banner" aria-labelledby="new-key-title">
      <div className="lv-keys__banner-head">
        <AlertIcon size={18} />
        <h2 id="new-key-title">Your new API key: {created.name}</h2>
      </div>
      <p>Copy this key now and store it somewhere safe. For your security it will not be shown again.</p>
      <div className="lv-keys__secret">
        <code data-testid="new-api-key">{created.key}</code>
        <Button variant="outline" size="sm" onClick={() => void copyWithToast(created.key)} aria-label="Copy API key">
          <CopyIcon /> Copy
        </Button>
      </div>
      <Button onClick={onDismiss}>I've saved my key</Button>
    </section>
  );
}

import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { Field } from '../../../components/ui/Input';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { createApiKey, refreshApiKeys, type CreatedApiKey } from '../api/api-keys';

const FORM_ID = 'create-api-key-form';

/** Create API Key dialog: a name field; the button is disabled while the name is blank or creation runs. */
export function CreateApiKeyDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (key: CreatedApiKey) => void;
}) {
  const [name, setName] = useState('');
  const [creating, setCreating] = useState(false);
  const blank = name.trim() === '';

  const rejectBlank = () =>
    toast({ title: 'Invalid key name', description: 'Please provide a name for your API key.', variant: 'destructive' });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (creating) return;
    if (blank) return rejectBlank();
    setCreating(true);
    try {
      const created = await createApiKey(name.trim());
      await refreshApiKeys();
      toast({ title: 'API key created', description: 'Copy your new key now: it will not be shown again.' });
      setName('');
      onCreated(created);
      onOpenChange(false);
    } catch (err) {
      toast({ title: 'Failed to create API key', description: errorMessage(err) || 'Something went wrong. Please try again.', variant: 'destructive' });
    } finally {
      setCreating(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (creating) return;
        if (!o) setName('');
        onOpenChange(o);
      }}
      title="Create API Key"
      description="Give the key a name that says where it is used, such as a tool or a CI job."
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={creating}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} disabled={blank || creating}>
            {creating ? 'Creating...' : 'Create Key'}
          </Button>
        </>
      }
    >
      <form id={FORM_ID} onSubmit={submit} noValidate>
        <Field
          label="Name"
          name="name"
          placeholder="e.g. Deploy script, CI pipeline"
          autoComplete="off"
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => {
            // The Create button is disabled while the name is blank, so Enter would do nothing: say why instead.
            if (e.key === 'Enter' && blank && !creating) {
              e.preventDefault();
              rejectBlank();
            }
          }}
        />
      </form>
    </Dialog>
  );
}

import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Badge, Card } from '../../../components/ui/Card';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { KeyIcon, PlusIcon, TrashIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/Spinner';
import { LoadMore } from '../../../components/ui/LoadMore';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatRelative } from '../../../lib/format';
import { deleteApiKey, refreshApiKeys, useApiKeys, type ApiKey } from '../api/api-keys';

export const DELETE_CONFIRMATION = 'Are you sure you want to delete this API key? This action cannot be undone.';

/** The Your API Keys tab: each key with name, created date, preview, last use and a delete button. */
export function ApiKeyList({ onCreate }: { onCreate: () => void }) {
  const list = useApiKeys();
  const { items: keys, isLoading, isError, error, refetch } = list;
  const [pendingDelete, setPendingDelete] = useState<ApiKey | null>(null);

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    try {
      await deleteApiKey(pendingDelete.id);
      await refreshApiKeys();
      toast({ title: 'API key deleted', description: `"${pendingDelete.name}" no longer works.` });
    } catch (err) {
      toast({ title: 'Failed to delete API key', description: errorMessage(err) || 'Something went wrong. Please try again.', variant: 'destructive' });
      throw err;
    }
  };

  if (isLoading) {
    return (
      <div className="page-center">
        <Spinner size={28} label="Loading API keys" />
      </div>
    );
  }
  if (isError && !keys) {
    return (
      <div className="alert alert-destructive" role="alert">
        <span>Could not load your API keys: {errorMessage(error)}</span>
        <span className="spacer" />
        <Button variant="outline" size="sm" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!keys || keys.length === 0) {
    return (
      <div className="empty-state">
        <KeyIcon size={32} />
        <h3>No API keys yet</h3>
        <p>Create a key to use LuaVault from command-line tools and automated workflows.</p>
        <Button onClick={onCreate}>
          <PlusIcon /> Create Your First API Key
        </Button>
      </div>
    );
  }
  return (
    <>
      <ul className="lv-keys__list" aria-label="API keys">
        {keys.map((key) => (
          <li key={key.id}>
            <Card className="lv-keys__item">
              <div className="lv-keys__item-main">
                <h3 className="lv-keys__name">{key.name}</h3>
                <p className="muted lv-keys__meta">Created {formatDate(key.createdAt)}</p>
                <code className="lv-keys__preview" aria-label="Key preview">
                  {key.keyPreview}
                </code>
              </div>
              <div className="lv-keys__item-side">
                {key.lastUsed ? (
                  <Badge variant="success" title={formatDate(key.lastUsed)}>
                    Last used {formatRelative(key.lastUsed)}
                  </Badge>
                ) : (
                  <Badge variant="outline">Never used</Badge>
                )}
                <Button variant="ghost" size="icon" aria-label={`Delete API key ${key.name}`} title="Delete" onClick={() => setPendingDelete(key)}>
                  <TrashIcon />
                </Button>
              </div>
            </Card>
          </li>
        ))}
      </ul>
      <LoadMore list={list} label="Load more API keys" />
      <ConfirmDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => !open && setPendingDelete(null)}
        title="Delete API key"
        description={DELETE_CONFIRMATION}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        destructive
        onConfirm={confirmDelete}
      />
    </>
  );
}

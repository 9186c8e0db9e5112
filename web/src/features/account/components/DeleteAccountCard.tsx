import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/Card';
import { Dialog } from '../../../components/ui/Dialog';
import { Field } from '../../../components/ui/Input';
import { toast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { clearQueryCache } from '../../../lib/query';
import { useAuthStore } from '../../auth/use-auth';
import { clearDraftsOf } from '../../editor/use-draft';
import { deleteAccount } from '../api/account';

/** The danger zone: the username typed out and the password confirm a deletion that cannot be undone. */
export function DeleteAccountCard({ userId, username }: { userId: string; username: string }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const navigate = useNavigate();
  const confirmed = typed === username && password.length > 0;

  const close = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setTyped('');
      setPassword('');
      setError(null);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!confirmed) return;
    setPending(true);
    try {
      await deleteAccount(password);
      clearDraftsOf(userId);
      clearQueryCache();
      useAuthStore.setState({ user: null });
      toast({ title: 'Account deleted', description: 'Your scripts, folders, share links and API keys are gone.' });
      navigate(paths.auth, { replace: true });
    } catch (err) {
      setError(errorMessage(err));
      setPending(false);
    }
  };

  return (
    <Card className="lv-account__danger">
      <CardHeader>
        <CardTitle id="delete">Delete account</CardTitle>
        <p className="muted">
          Deletes every script, version, folder, share link and API key of this account, for good. What remains is listed in the{' '}
          <Link to={paths.privacy}>privacy policy</Link>.
        </p>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          Delete my account
        </Button>
      </CardContent>
      <Dialog
        open={open}
        onOpenChange={close}
        alert
        size="sm"
        title="Delete your account?"
        description="This cannot be undone. Share links stop working and API keys are revoked at once."
      >
        <form className="lv-account__form" onSubmit={submit} noValidate>
          <Field label={<>Type your username, <strong>{username}</strong>, to confirm</>} value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" spellCheck={false} />
          <Field label="Password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} error={error} />
          <div className="lv-account__actions">
            <Button type="button" variant="outline" onClick={() => close(false)} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={!confirmed || pending}>
              {pending ? 'Deleting...' : 'Delete account'}
            </Button>
          </div>
        </form>
      </Dialog>
    </Card>
  );
}

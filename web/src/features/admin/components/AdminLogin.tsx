import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/Card';
import { ShieldIcon } from '../../../components/ui/icons';
import { Field } from '../../../components/ui/Input';

/** The Access Key form shown before the dashboard. The key is sent to the server to be checked. */
export function AdminLogin({ verifying, onSubmit }: { verifying: boolean; onSubmit: (key: string) => void }) {
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (verifying) return;
    if (key.trim() === '') {
      setError('Required');
      return;
    }
    setError(null);
    onSubmit(key.trim());
  };

  return (
    <div className="page-center">
      <Card className="lv-admin__login">
        <CardHeader>
          <div className="lv-admin__login-icon">
            <ShieldIcon size={28} />
          </div>
          <CardTitle>Admin Dashboard</CardTitle>
          <p className="muted">Enter the access key to view statistics, users and scripts.</p>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} noValidate className="stack">
            <Field
              label="Access Key"
              name="accessKey"
              type="password"
              autoComplete="current-password"
              required
              aria-required="true"
              value={key}
              error={error}
              onChange={(e) => {
                setKey(e.target.value);
                if (error) setError(null);
              }}
            />
            <Button type="submit" disabled={verifying}>
              {verifying ? 'Verifying...' : 'Access Dashboard'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}

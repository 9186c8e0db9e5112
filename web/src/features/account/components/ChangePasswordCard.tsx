import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/Card';
import { Field } from '../../../components/ui/Input';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { changePassword, refreshSessions } from '../api/account';

const PASSWORD_MIN = 6;

/** Current password, new password twice; success signs out every other session (the server does it). */
export function ChangePasswordCard() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (next.length < PASSWORD_MIN) return setError(`Password must be at least ${PASSWORD_MIN} characters`);
    if (next !== repeat) return setError('The new passwords do not match');
    setError(null);
    setPending(true);
    try {
      await changePassword(current, next);
      setCurrent('');
      setNext('');
      setRepeat('');
      await refreshSessions();
      toast({ title: 'Password changed', description: 'Every other session has been signed out.' });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setPending(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle id="password">Change password</CardTitle>
        <p className="muted">Changing your password signs you out everywhere else.</p>
      </CardHeader>
      <CardContent>
        <form className="lv-account__form" onSubmit={submit} aria-labelledby="password" noValidate>
          <Field label="Current password" type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} required />
          <Field label="New password" type="password" autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} required hint={`At least ${PASSWORD_MIN} characters.`} />
          <Field label="Repeat new password" type="password" autoComplete="new-password" value={repeat} onChange={(e) => setRepeat(e.target.value)} required error={error} />
          <div>
            <Button type="submit" disabled={pending || !current || !next}>
              {pending ? 'Changing...' : 'Change password'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

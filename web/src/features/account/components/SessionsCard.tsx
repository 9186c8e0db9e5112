import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Badge, Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/Card';
import { LoadMore } from '../../../components/ui/LoadMore';
import { Spinner } from '../../../components/ui/Spinner';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { refreshSessions, signOutOtherSessions, signOutSession, useSessions, type AccountSession } from '../api/account';

/** Live sessions, this one marked; sign out one of the others, or all of them. */
export function SessionsCard() {
  const list = useSessions();
  const [busy, setBusy] = useState<string | null>(null);
  const sessions = list.items ?? [];
  const others = sessions.filter((s) => !s.current);

  const run = async (key: string, action: () => Promise<void>, done: string) => {
    setBusy(key);
    try {
      await action();
      await refreshSessions();
      toast({ title: done });
    } catch (err) {
      toast({ title: 'Could not sign out', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle id="sessions">Sessions</CardTitle>
        <p className="muted">Every browser signed in to your account. Sessions end on their own 30 days after sign-in.</p>
      </CardHeader>
      <CardContent>
        {list.isLoading ? (
          <Spinner size={24} label="Loading sessions" />
        ) : list.isError && !list.items ? (
          <p role="alert">Could not load your sessions: {errorMessage(list.error)}</p>
        ) : (
          <>
            <ul className="lv-account__sessions" aria-labelledby="sessions">
              {sessions.map((session) => (
                <SessionRow
                  key={session.id}
                  session={session}
                  busy={busy === session.id}
                  onSignOut={() => void run(session.id, () => signOutSession(session.id), 'Session signed out')}
                />
              ))}
            </ul>
            <LoadMore list={list} label="Show more sessions" />
            <Button
              variant="outline"
              disabled={others.length === 0 || busy !== null}
              onClick={() => void run('others', signOutOtherSessions, 'Signed out of every other session')}
            >
              {busy === 'others' ? 'Signing out...' : 'Sign out all other sessions'}
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function SessionRow({ session, busy, onSignOut }: { session: AccountSession; busy: boolean; onSignOut: () => void }) {
  const started = session.createdAt ? `Signed in ${formatDate(session.createdAt)}` : 'Signed in earlier';
  return (
    <li className="lv-account__session" data-testid="session-row">
      <div>
        <div>
          {started} {session.current && <Badge variant="success">This session</Badge>}
        </div>
        <div className="muted lv-account__small">Expires {formatDate(session.expiresAt)}</div>
      </div>
      {!session.current && (
        <Button variant="ghost" size="sm" disabled={busy} onClick={onSignOut} aria-label={`Sign out the session ${started.toLowerCase()}`}>
          {busy ? 'Signing out...' : 'Sign out'}
        </Button>
      )}
    </li>
  );
}

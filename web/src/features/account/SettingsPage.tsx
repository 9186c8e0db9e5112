import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/Card';
import { formatDate } from '../../lib/format';
import { useAuth } from '../auth/use-auth';
import { ChangePasswordCard } from './components/ChangePasswordCard';
import { DeleteAccountCard } from './components/DeleteAccountCard';
import { SessionsCard } from './components/SessionsCard';
import './account.css';

/** /settings: the profile, the password, sessions and account deletion. */
export default function SettingsPage() {
  const { user } = useAuth();
  const { hash } = useLocation();
  useEffect(() => {
    document.title = 'Settings · LuaVault';
  }, []);
  // The user menu's Settings entry lands on the password section.
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash, user]);
  if (!user) return null; // behind ProtectedRoute: only while signing out
  return (
    <div className="container page lv-account">
      <div className="page-header">
        <div>
          <h1>Account settings</h1>
          <p className="muted">Your profile, password, sessions and account.</p>
        </div>
      </div>
      <Card>
        <CardHeader>
          <CardTitle id="profile">Profile</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="lv-account__profile">
            <dt>Username</dt>
            <dd>{user.username}</dd>
            <dt>Email</dt>
            <dd>{user.email ?? 'None given'}</dd>
            <dt>Member since</dt>
            <dd>{formatDate(user.createdAt)}</dd>
          </dl>
        </CardContent>
      </Card>
      <ChangePasswordCard />
      <SessionsCard />
      <DeleteAccountCard userId={user.id} username={user.username} />
    </div>
  );
}

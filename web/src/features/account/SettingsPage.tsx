import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useAuth } from '../auth/use-auth';
import { ChangePasswordCard } from './components/ChangePasswordCard';
import { DeleteAccountCard } from './components/DeleteAccountCard';
import { SessionsCard } from './components/SessionsCard';
import './account.css';

/** /settings: the password, sessions and account deletion (the profile has its own page, /profile). */
export default function SettingsPage() {
  const { user } = useAuth();
  const { hash } = useLocation();
  useEffect(() => {
    document.title = 'Settings · LuaVault';
  }, []);
  // A link to a section (#password, #sessions) scrolls to it.
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash, user]);
  if (!user) return null; // behind ProtectedRoute: only while signing out
  return (
    <div className="container page lv-account">
      <div className="page-header">
        <div>
          <h1>Account settings</h1>
          <p className="muted">
            Your password, sessions and account. Signed in as {user.username} (<Link to={paths.profile}>profile</Link>).
          </p>
        </div>
      </div>
      <ChangePasswordCard />
      <SessionsCard />
      <DeleteAccountCard userId={user.id} username={user.username} />
    </div>
  );
}

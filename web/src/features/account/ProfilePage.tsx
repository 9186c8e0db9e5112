import { Link } from 'react-router-dom';
import { Card, CardContent } from '../../components/ui/Card';
import { initials } from '../../components/layout/AppShell';
import { paths } from '../../config/paths';
import { formatDate } from '../../lib/format';
import { useAuth } from '../auth/use-auth';
import './account.css';

/** /profile: who you are here (the user menu's Profile); changing things is on Settings. */
export default function ProfilePage() {
  const { user } = useAuth();
  if (!user) return null; // behind ProtectedRoute: only while signing out
  return (
    <div className="container page lv-account">
      <div className="page-header">
        <h1>Profile</h1>
      </div>
      <Card>
        <CardContent className="lv-account__identity">
          <span className="avatar avatar-lg" aria-hidden="true">
            {initials(user.username)}
          </span>
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
      <p className="muted">
        Password, sessions and account deletion are in <Link to={paths.settings}>Settings</Link>.
      </p>
    </div>
  );
}

import type { ReactNode } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useAuth } from '../../features/auth/use-auth';
import { LogoIcon, LogOutIcon, KeyIcon, SettingsIcon, TrashIcon, UserIcon } from '../ui/icons';
import { Menu, MenuItem, MenuLabel, MenuSeparator } from '../ui/Menu';
import { OfflineBanner } from './OfflineBanner';
import { LiveUpdates } from '../../features/live/live-updates';

/** Navigation bar + page + footer. Used as the layout route for every page of the app. */
export function AppShell({ children }: { children?: ReactNode }) {
  return (
    <div className="app-shell">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Navbar />
      <OfflineBanner />
      <LiveUpdates />
      <main id="main" className="app-main" tabIndex={-1}>
        {children ?? <Outlet />}
      </main>
      <Footer />
    </div>
  );
}

export function Brand() {
  return (
    <Link to={paths.home} className="brand" aria-label="LuaVault home">
      <LogoIcon size={22} />
      <span className="brand-name">LuaVault</span>
    </Link>
  );
}

function Navbar() {
  const { pathname } = useLocation();
  const { user, isLoading } = useAuth();
  const docsActive = pathname.startsWith(paths.docs);
  const scriptsActive =
    pathname === paths.home || pathname.startsWith('/script') || pathname.startsWith('/folder');
  return (
    <header className="navbar">
      <div className="navbar-inner">
        <Brand />
        <nav aria-label="Main" className="nav-tabs">
          <NavLink to={paths.home} className={`nav-tab ${scriptsActive ? 'nav-tab-active' : ''}`} aria-current={scriptsActive ? 'page' : undefined} end>
            My Scripts
          </NavLink>
          <NavLink to={paths.docs} className={`nav-tab ${docsActive ? 'nav-tab-active' : ''}`} aria-current={docsActive ? 'page' : undefined}>
            Documentation
          </NavLink>
        </nav>
        {/* Nothing until the user query settles: a signed-in user never sees "Sign In" flash. */}
        <div className="navbar-right" aria-busy={isLoading || undefined}>
          {user ? <UserMenu username={user.username} /> : isLoading ? <span className="navbar-user-skeleton" aria-hidden="true" /> : <SignInLink />}
        </div>
      </div>
    </header>
  );
}

function SignInLink() {
  const { pathname } = useLocation();
  if (pathname === paths.auth) return null;
  return (
    <Link to={paths.auth} className="btn btn-outline btn-sm">
      Sign In
    </Link>
  );
}

export function initials(username: string): string {
  return username.slice(0, 2).toUpperCase();
}

function UserMenu({ username }: { username: string }) {
  const { logout, logoutPending } = useAuth();
  const navigate = useNavigate();
  return (
    <Menu
      label="User menu"
      triggerClassName="user-menu-trigger"
      trigger={
        <>
          <span className="avatar" aria-hidden="true">
            {initials(username)}
          </span>
          <span className="user-menu-name">{username}</span>
        </>
      }
    >
      <MenuLabel>{username}</MenuLabel>
      <MenuSeparator />
      <MenuItem onSelect={() => navigate(paths.profile)}>
        <UserIcon /> Profile
      </MenuItem>
      <MenuItem onSelect={() => navigate(paths.apiKeys)}>
        <KeyIcon /> API Keys
      </MenuItem>
      <MenuItem onSelect={() => navigate(paths.trash)}>
        <TrashIcon /> Trash
      </MenuItem>
      <MenuItem onSelect={() => navigate(paths.settings)}>
        <SettingsIcon /> Settings
      </MenuItem>
      <MenuSeparator />
      <MenuItem
        disabled={logoutPending}
        onSelect={async () => {
          await logout();
          navigate(paths.auth);
        }}
      >
        <LogOutIcon /> {logoutPending ? 'Signing out...' : 'Sign out'}
      </MenuItem>
    </Menu>
  );
}

function Footer() {
  return (
    <footer className="footer">
      <div className="footer-inner">
        <Brand />
        <p className="footer-copy">© {new Date().getFullYear()} LuaVault. All rights reserved.</p>
        <nav aria-label="Footer" className="footer-links">
          <Link to={paths.terms}>Terms</Link>
          <Link to={paths.privacy}>Privacy</Link>
          <Link to={paths.help}>Help</Link>
        </nav>
      </div>
    </footer>
  );
}

import { useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { CodeIcon, HistoryIcon, LogoIcon, ShieldIcon } from '../../components/ui/icons';
import { Field } from '../../components/ui/Input';
import { FullScreenSpinner } from '../../components/ui/Spinner';
import { Tab, TabList, TabPanel, Tabs } from '../../components/ui/Tabs';
import { paths } from '../../config/paths';
import { useAuth, type Credentials } from './use-auth';

const USERNAME_MAX = 32;
const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;
/**
 * `local@domain` where the domain has a dot with a character on each side: `^[^\s@]+@[^\s@]+\.[^\s@]+$` spelled with
 * the domain's first character, then no dot up to the dot, so no dot is tried twice (that form was quadratic in dots).
 */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]+$/;

/**
 * Validation of the credential schema (spec section 5), with the server's rules for new usernames on registration:
 * 3 to 32 letters, digits, dots, dashes and underscores. Sign-in checks only the minimum, so older names still work.
 */
export function validateCredentials(c: Credentials, mode: 'login' | 'register' = 'login'): { username?: string; password?: string; email?: string } {
  const errors: { username?: string; password?: string; email?: string } = {};
  const username = c.username.trim();
  if (!username) errors.username = 'Required';
  else if (username.length < 3) errors.username = 'Username must be at least 3 characters';
  else if (mode === 'register' && username.length > USERNAME_MAX) errors.username = `Username must be at most ${USERNAME_MAX} characters`;
  else if (mode === 'register' && !USERNAME_PATTERN.test(username))
    errors.username = 'Username may only contain letters, digits, dots (.), dashes (-) and underscores (_)';
  if (!c.password) errors.password = 'Required';
  else if (c.password.length < 6) errors.password = 'Password must be at least 6 characters';
  if (c.email && !EMAIL_PATTERN.test(c.email)) errors.email = 'Invalid email address';
  return errors;
}

function CredentialsForm({ mode }: { mode: 'login' | 'register' }) {
  const { login, register, loginPending, registerPending } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<ReturnType<typeof validateCredentials>>({});
  const pending = mode === 'login' ? loginPending : registerPending;
  const from = (location.state as { from?: string } | null)?.from;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const creds: Credentials = { username: username.trim(), password, email: mode === 'register' ? email.trim() || undefined : undefined };
    const found = validateCredentials(creds, mode);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const user = mode === 'login' ? await login(creds) : await register(creds);
    if (user) navigate(from && from !== paths.auth ? from : paths.home, { replace: true });
  };

  return (
    <form onSubmit={submit} noValidate className="auth-form" aria-label={mode === 'login' ? 'Login' : 'Register'}>
      <Field
        label="Username"
        name="username"
        autoComplete="username"
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        error={errors.username}
        required
      />
      {mode === 'register' && (
        <Field
          label="Email (optional)"
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
        />
      )}
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
        required
      />
      <Button type="submit" size="lg" className="btn-block" disabled={pending}>
        {mode === 'login' ? (pending ? 'Signing in...' : 'Sign In') : pending ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}

export default function AuthPage() {
  const { user, isLoading } = useAuth();
  const [tab, setTab] = useState('login');
  if (isLoading) return <FullScreenSpinner />;
  if (user) return <Navigate to={paths.home} replace />;
  return (
    <div className="container page auth-layout">
      <Card className="auth-card">
        <div className="auth-card-head">
          <LogoIcon size={28} className="text-primary" />
          <h1>Welcome to LuaVault</h1>
          <p className="muted">Sign in to your account or create a new one.</p>
        </div>
        <Tabs value={tab} onValueChange={setTab}>
          <TabList label="Sign in or register" className="tab-list-full">
            <Tab value="login">Login</Tab>
            <Tab value="register">Register</Tab>
          </TabList>
          <TabPanel value="login">
            <CredentialsForm mode="login" />
          </TabPanel>
          <TabPanel value="register">
            <CredentialsForm mode="register" />
          </TabPanel>
        </Tabs>
      </Card>
      <aside className="auth-hero" aria-label="About LuaVault">
        <h2>Your Lua scripts, safe and shareable</h2>
        <p>Store, edit, version and share the scripts you write for your games.</p>
        <ul className="feature-list">
          <li>
            <HistoryIcon size={22} />
            <div>
              <strong>Script version control</strong>
              <p>Every save is a version. View, compare and restore any of them.</p>
            </div>
          </li>
          <li>
            <ShieldIcon size={22} />
            <div>
              <strong>Secure sharing</strong>
              <p>Private share links, raw URLs and loadstrings you can revoke at any time.</p>
            </div>
          </li>
          <li>
            <CodeIcon size={22} />
            <div>
              <strong>A real code editor</strong>
              <p>Lua highlighting, completion, error markers, formatting and a minimap.</p>
            </div>
          </li>
        </ul>
      </aside>
    </div>
  );
}

import { createContext, createElement, useContext, useEffect, type ReactNode } from 'react';
import { create } from 'zustand';
import { ApiError, apiFetch, errorMessage, NetworkError } from '../../lib/api-client';
import { clearQueryCache } from '../../lib/query';
import { toast } from '../../components/ui/toast';
import { clearDraftsOf } from '../editor/use-draft';

/** The signed-in user (docs/api.md: User). */
export type User = { id: string; username: string; email: string | null; createdAt: string };
export type Credentials = { username: string; password: string; email?: string };

type AuthState = {
  user: User | null;
  /** true until the first GET /api/user answered */
  isLoading: boolean;
  loginPending: boolean;
  registerPending: boolean;
  logoutPending: boolean;
  loadUser: () => Promise<User | null>;
  login: (c: Credentials) => Promise<User | null>;
  register: (c: Credentials) => Promise<User | null>;
  logout: () => Promise<void>;
};

/** GET /api/user once; a 401 means no user (not an error). */
async function fetchCurrentUser(): Promise<User | null> {
  try {
    return await apiFetch<User>('/api/user');
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

let loadPromise: Promise<User | null> | null = null;

export const useAuthStore = create<AuthState>((set, get) => ({
  user: null,
  isLoading: true,
  loginPending: false,
  registerPending: false,
  logoutPending: false,
  loadUser: () => {
    loadPromise ??= fetchCurrentUser()
      .then((user) => {
        set({ user, isLoading: false });
        return user;
      })
      .catch((err: unknown) => {
        // No server: still unknown (not "signed out"); the app shell asks again when the server is back.
        if (err instanceof NetworkError) {
          loadPromise = null;
          return get().user;
        }
        set({ user: null, isLoading: false });
        return null;
      });
    return loadPromise;
  },
  login: async (c) => {
    set({ loginPending: true });
    try {
      const user = await apiFetch<User>('/api/login', { method: 'POST', json: { username: c.username, password: c.password } });
      clearQueryCache();
      set({ user, isLoading: false });
      toast({ title: 'Welcome back!', description: 'You have successfully logged in.' });
      return user;
    } catch (err) {
      toast({ title: 'Login failed', description: errorMessage(err), variant: 'destructive' });
      return null;
    } finally {
      set({ loginPending: false });
    }
  },
  register: async (c) => {
    set({ registerPending: true });
    try {
      const body: Credentials = { username: c.username, password: c.password };
      if (c.email) body.email = c.email;
      const user = await apiFetch<User>('/api/register', { method: 'POST', json: body });
      clearQueryCache();
      set({ user, isLoading: false });
      toast({ title: 'Account created!', description: 'Your account has been created successfully.' });
      return user;
    } catch (err) {
      toast({ title: 'Registration failed', description: errorMessage(err), variant: 'destructive' });
      return null;
    } finally {
      set({ registerPending: false });
    }
  },
  logout: async () => {
    set({ logoutPending: true });
    try {
      await apiFetch<void>('/api/logout', { method: 'POST' });
      const signedOut = get().user;
      if (signedOut) clearDraftsOf(signedOut.id);
      clearQueryCache();
      set({ user: null });
      toast({ title: 'Logged out', description: 'You have been logged out successfully.' });
    } catch (err) {
      toast({ title: 'Logout failed', description: errorMessage(err), variant: 'destructive' });
    } finally {
      set({ logoutPending: false });
    }
  },
}));

const AuthContext = createContext(false);

/** Loads the current user once and makes `useAuth()` available below it. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const loadUser = useAuthStore((s) => s.loadUser);
  useEffect(() => {
    void loadUser();
  }, [loadUser]);
  return createElement(AuthContext.Provider, { value: true }, children);
}

/** The current-user state and actions. Throws outside <AuthProvider> (spec section 8). */
export function useAuth(): AuthState {
  const inside = useContext(AuthContext);
  if (!inside) throw new Error('useAuth must be used within an AuthProvider');
  return useAuthStore();
}

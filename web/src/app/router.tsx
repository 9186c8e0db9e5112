import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet, RouterProvider, useParams } from 'react-router-dom';
import { paths } from '../config/paths';
import { AppShell } from '../components/layout/AppShell';
import { ProtectedRoute } from '../components/layout/ProtectedRoute';
import { Spinner } from '../components/ui/Spinner';
import { useScript } from '../api/scripts';
import { RouteError } from './RouteError';
import { failedPages, loadAgain } from './failed-pages';
import { usePageTitle } from './page-title';

/**
 * Every route of the spec's route table, each page lazy-loaded (so Monaco and other heavy code load only on
 * the screens that need them). Issue-4 pages (api-keys, admin, docs, help, legal) are default exports of their files.
 */
function page(load: () => Promise<{ default: ComponentType }>): ComponentType {
  // React.lazy keeps a failed load forever. Once the error page shows, `resetFailedPages` gives each failed screen a
  // fresh lazy, so Retry (or the next visit, once the server is back) loads it again, through `loadAgain` (a plain
  // import may fail again: see failed-pages.ts). Swapping at the failure itself would retry in a loop inside the
  // navigation and never show the error.
  const fresh = (loader: typeof load): ComponentType =>
    lazy(() =>
      loader().catch((err: unknown) => {
        failedPages.add(() => (Current = fresh(() => loadAgain(load))));
        throw err;
      }),
    );
  let Current = fresh(load);
  return function LazyPage() {
    return <Current />;
  };
}

const AuthPage = page(() => import('../features/auth/AuthPage'));
const WorkspacePage = page(() => import('../features/library/WorkspacePage'));
const FolderPage = page(() => import('../features/library/FolderPage'));
const ScriptEditorPage = page(() => import('../features/editor/ScriptEditorPage'));
const SharedScriptPage = page(() => import('../features/share/SharedScriptPage'));
const SharedFolderPage = page(() => import('../features/share/SharedFolderPage'));
const SharedFolderScriptPage = page(() => import('../features/share/SharedFolderScriptPage'));
const NotFoundPage = page(() => import('../features/misc/NotFoundPage'));
const ApiKeysPage = page(() => import('../features/api-keys/ApiKeysPage'));
const SettingsPage = page(() => import('../features/account/SettingsPage'));
const TrashPage = page(() => import('../features/trash/TrashPage'));
const VersionPage = page(() => import('../features/versions/VersionPage'));
const ComparePage = page(() => import('../features/versions/ComparePage'));
const ProfilePage = page(() => import('../features/account/ProfilePage'));
const AdminPage = page(() => import('../features/admin/AdminPage'));
const DocsPage = page(() => import('../features/docs/DocsPage'));
const HelpPage = page(() => import('../features/help/HelpPage'));
const TermsPage = page(() => import('../features/legal/TermsPage'));
const PrivacyPage = page(() => import('../features/legal/PrivacyPage'));

function PageFallback() {
  return (
    <div className="page-center">
      <Spinner size={32} />
    </div>
  );
}

function Layout() {
  return (
    <AppShell>
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
    </AppShell>
  );
}

/** /folders/:id (where repository creation lands) leads to /folder/:id. */
function FoldersRedirect() {
  const { id = '' } = useParams();
  return <Navigate to={paths.folder(id)} replace />;
}

function FolderRoute() {
  // Keyed by id so moving between folders starts with a clean search box and no open dialog.
  const { id = '' } = useParams();
  return <FolderPage key={id} />;
}

function ScriptEditorRoute() {
  // Keyed by id so switching scripts (or new → saved) starts from a clean editor state.
  const { id = 'new' } = useParams();
  const script = useScript(id); // the editor's own query: cached, no second request
  usePageTitle(script.data?.title ?? 'Script');
  return <ScriptEditorPage key={id} />;
}

/** A screen with a fixed title ("API Keys · LuaVault"); screens with a title from data set their own. */
function Titled({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return <>{children}</>;
}

function NewScriptRoute() {
  usePageTitle('New Script');
  return <ScriptEditorPage key="new" />;
}

export const router = createBrowserRouter([
  {
    element: <Layout />,
    // Only if the shell itself fails: the same friendly page, inside a fresh shell.
    errorElement: (
      <AppShell>
        <RouteError />
      </AppShell>
    ),
    children: [
      {
        // Every screen's errors land here, inside the shell: the header stays, with a Retry.
        errorElement: <RouteError />,
        children: [
          { path: paths.auth, element: <Titled title="Sign In"><AuthPage /></Titled> },
          {
            element: <ProtectedRoute />,
            children: [
              { path: paths.home, element: <WorkspacePage /> },
              { path: paths.scriptNew, element: <NewScriptRoute /> },
              { path: paths.scriptPattern, element: <ScriptEditorRoute /> },
              { path: paths.scriptVersionPattern, element: <VersionPage /> },
              { path: paths.scriptComparePattern, element: <ComparePage /> },
              { path: paths.folderAll, element: <FolderPage /> },
              { path: paths.folderPattern, element: <FolderRoute /> },
              { path: paths.foldersLegacyPattern, element: <FoldersRedirect /> },
              { path: paths.apiKeys, element: <Titled title="API Keys"><ApiKeysPage /></Titled> },
              { path: paths.settings, element: <Titled title="Account settings"><SettingsPage /></Titled> },
              { path: paths.profile, element: <Titled title="Profile"><ProfilePage /></Titled> },
              { path: paths.trash, element: <Titled title="Trash"><TrashPage /></Titled> },
            ],
          },
          { path: paths.shareFolderPattern, element: <Titled title="Shared folder"><SharedFolderPage /></Titled> },
          { path: paths.shareFolderScriptPattern, element: <Titled title="Shared script"><SharedFolderScriptPage /></Titled> },
          { path: paths.sharePattern, element: <Titled title="Shared script"><SharedScriptPage /></Titled> },
          { path: paths.terms, element: <Titled title="Terms of Service"><TermsPage /></Titled> },
          { path: paths.privacy, element: <Titled title="Privacy Policy"><PrivacyPage /></Titled> },
          { path: paths.help, element: <Titled title="Help"><HelpPage /></Titled> },
          { path: paths.docs, element: <Titled title="Documentation"><DocsPage /></Titled> },
          { path: paths.admin, element: <Titled title="Admin"><AdminPage /></Titled> },
          { path: paths.adminScripts, element: <Titled title="Admin"><AdminPage /></Titled> },
          { path: paths.adminAny, element: <Titled title="Admin"><AdminPage /></Titled> },
          { path: '*', element: <Titled title="Page not found"><NotFoundPage /></Titled> },
        ],
      },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}

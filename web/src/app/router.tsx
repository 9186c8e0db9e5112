import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Navigate, Outlet, RouterProvider, useParams } from 'react-router-dom';
import { paths } from '../config/paths';
import { AppShell } from '../components/layout/AppShell';
import { ProtectedRoute } from '../components/layout/ProtectedRoute';
import { Spinner } from '../components/ui/Spinner';

/**
 * Every route of the spec's route table, each page lazy-loaded (so Monaco and other heavy code load only on
 * the screens that need them). Issue-4 pages (api-keys, admin, docs, help, legal) are default exports of their files.
 */
const page = (load: () => Promise<{ default: ComponentType }>): LazyExoticComponent<ComponentType> => lazy(load);

const AuthPage = page(() => import('../features/auth/AuthPage'));
const WorkspacePage = page(() => import('../features/library/WorkspacePage'));
const FolderPage = page(() => import('../features/library/FolderPage'));
const ScriptEditorPage = page(() => import('../features/editor/ScriptEditorPage'));
const SharedScriptPage = page(() => import('../features/share/SharedScriptPage'));
const SharedFolderPage = page(() => import('../features/share/SharedFolderPage'));
const NotFoundPage = page(() => import('../features/misc/NotFoundPage'));
const ApiKeysPage = page(() => import('../features/api-keys/ApiKeysPage'));
const SettingsPage = page(() => import('../features/account/SettingsPage'));
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
  return <ScriptEditorPage key={id} />;
}

export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { path: paths.auth, element: <AuthPage /> },
      {
        element: <ProtectedRoute />,
        children: [
          { path: paths.home, element: <WorkspacePage /> },
          { path: paths.scriptNew, element: <ScriptEditorPage key="new" /> },
          { path: paths.scriptPattern, element: <ScriptEditorRoute /> },
          { path: paths.folderAll, element: <FolderPage /> },
          { path: paths.folderPattern, element: <FolderRoute /> },
          { path: paths.foldersLegacyPattern, element: <FoldersRedirect /> },
          { path: paths.apiKeys, element: <ApiKeysPage /> },
          { path: paths.settings, element: <SettingsPage /> },
        ],
      },
      { path: paths.shareFolderPattern, element: <SharedFolderPage /> },
      { path: paths.sharePattern, element: <SharedScriptPage /> },
      { path: paths.terms, element: <TermsPage /> },
      { path: paths.privacy, element: <PrivacyPage /> },
      { path: paths.help, element: <HelpPage /> },
      { path: paths.docs, element: <DocsPage /> },
      { path: paths.admin, element: <AdminPage /> },
      { path: paths.adminScripts, element: <AdminPage /> },
      { path: paths.adminAny, element: <AdminPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}

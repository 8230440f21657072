import { Suspense, useState } from 'react';
import { Route, Routes, matchPath, useLocation } from 'react-router';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { AppShell } from '../shell/AppShell';
import { NotFoundPage } from '../../ui/NotFoundPage';
import { PageLoading } from '../../ui/PageLoading';
import { lazyPage } from '../../platform/routing/lazyWithTimeout';
import { prefetchLandingData, type LandingDataLoader } from '../../platform/routing/landingData';
import { prefetchFormPage } from '../../features/forms/prefetchFormPage';
import { FormToolbarExtensionsProvider } from '../../engine/toolbar/FormToolbarExtensions';
import { ImportButton } from '../../features/import/ImportButton';
import { FilterBarExtensionsProvider } from '../../engine/filter-bar/FilterBarExtensions';
import { KeepOfflineButton } from '../../features/offline/KeepOfflineButton';
import { RequireAuth, RequireRole } from './RequireAuth';

// Every page is its own chunk, so the first screen loads only the shell and that page.
const LoginPage = lazyPage(() => import('../../features/auth/LoginPage'), 'LoginPage');
const ResetPasswordPage = lazyPage(() => import('../../features/auth/ResetPasswordPage'), 'ResetPasswordPage');
const DashboardPage = lazyPage(() => import('../../features/dashboard/DashboardPage'), 'DashboardPage');
const SettingsPage = lazyPage(() => import('../../features/settings/SettingsPage'), 'SettingsPage');
const AccountPage = lazyPage(() => import('../../features/account/AccountPage'), 'AccountPage');
const AuditPage = lazyPage(() => import('../../features/audit/AuditPage'), 'AuditPage');
const ApplicationSettingsPage = lazyPage(
  () => import('../../features/settings/application/ApplicationSettingsPage'),
  'ApplicationSettingsPage',
);
const UserManagementPage = lazyPage(() => import('../../features/users/UserManagementPage'), 'UserManagementPage');
const TemplateManagerRoutes = lazyPage(
  () => import('../../features/template-manager/TemplateManagerRoutes'),
  'TemplateManagerRoutes',
);
const FormPage = lazyPage(() => import('../../features/forms/FormPage'), 'FormPage');
const FormsOverviewPage = lazyPage(() => import('../../features/forms/FormsOverviewPage'), 'FormsOverviewPage');
const SmartFormPage = lazyPage(() => import('../../features/forms/SmartFormPage'), 'SmartFormPage');
const SmartFormRedirect = lazyPage(() => import('../../features/forms/SmartFormPage'), 'SmartFormRedirect');
const IgsnLookupPage = lazyPage(() => import('../../features/igsn/IgsnLookupPage'), 'IgsnLookupPage');
const ListValuesPage = lazyPage(() => import('../../features/list-values/ListValuesPage'), 'ListValuesPage');
const FilesUploadPage = lazyPage(() => import('../../features/files/FilesUploadPage'), 'FilesUploadPage');
const FilesFormPage = lazyPage(() => import('../../features/files/FilesFormPage'), 'FilesFormPage');
const ImportPage = lazyPage(() => import('../../features/import/ImportPage'), 'ImportPage');

// Buttons other areas add to every generic form's toolbar (engine/toolbar/FormToolbarExtensions).
const FORM_TOOLBAR_ACTIONS = [ImportButton];
// Actions beside every generic form's filter bar (engine/filter-bar/FilterBarExtensions).
const FILTER_BAR_ACTIONS = [KeepOfflineButton];

// The pages people land on (a bookmark, a reload): their chunk loads while the session starts
// (config, token refresh, the forms menu), so the page renders without suspending (lazyWithTimeout),
// and with a stored user their first data is asked for meanwhile too (landingData).
// More specific patterns first; the routes below stay the authority on what shows.
interface LandingPage {
  pattern: string;
  page: { preload: () => Promise<unknown> };
  data?: LandingDataLoader;
}
const LANDING_PAGES: LandingPage[] = [
  { pattern: '/forms/:formKey/import', page: ImportPage },
  { pattern: '/forms/:formKey/:id?', page: FormPage, data: prefetchFormPage },
  { pattern: '/settings/templates-manager/*', page: TemplateManagerRoutes },
  { pattern: '/', page: DashboardPage },
];

function preloadLandingPage(queryClient: QueryClient, { pathname, search }: { pathname: string; search: string }) {
  const landing = LANDING_PAGES.map((entry) => ({ entry, match: matchPath(entry.pattern, pathname) })).find(
    ({ match }) => match !== null,
  );
  void landing?.entry.page.preload().catch(() => undefined); // the route's own render reports a failed chunk
  prefetchLandingData(queryClient, landing?.entry.data, landing?.match?.params ?? {}, new URLSearchParams(search));
}

function page(element: React.ReactNode) {
  return <Suspense fallback={<PageLoading />}>{element}</Suspense>;
}

export function AppRoutes() {
  const location = useLocation();
  const queryClient = useQueryClient();
  useState(() => preloadLandingPage(queryClient, location)); // once, at the first render
  return (
    <FormToolbarExtensionsProvider actions={FORM_TOOLBAR_ACTIONS}>
      <FilterBarExtensionsProvider actions={FILTER_BAR_ACTIONS}>
        <Routes>
          <Route element={<AppShell />}>
            <Route path="/login" element={page(<LoginPage />)} />
            <Route path="/reset-password/:userId/:code" element={page(<ResetPasswordPage />)} />
            <Route element={<RequireAuth />}>
              <Route index element={page(<DashboardPage />)} />
              <Route path="/settings" element={page(<SettingsPage />)} />
              <Route path="/settings/account" element={page(<AccountPage />)} />
              <Route
                path="/settings/users"
                element={page(
                  <RequireRole role="administrator">
                    <UserManagementPage />
                  </RequireRole>,
                )}
              />
              <Route
                path="/settings/audit"
                element={page(
                  <RequireRole role="administrator">
                    <AuditPage />
                  </RequireRole>,
                )}
              />
              <Route
                path="/settings/application"
                element={page(
                  <RequireRole role="developer">
                    <ApplicationSettingsPage />
                  </RequireRole>,
                )}
              />
              <Route
                path="/settings/templates-manager/*"
                element={page(
                  <RequireRole role="developer">
                    <TemplateManagerRoutes />
                  </RequireRole>,
                )}
              />
              <Route path="/forms" element={page(<FormsOverviewPage />)} />
              {/* React Router ranks the fixed "igsn" segment above /forms/:formKey */}
              <Route path="/forms/igsn/:igsn?" element={page(<IgsnLookupPage />)} />
              <Route path="/list-values/:listname?" element={page(<ListValuesPage />)} />
              {/* one route with an optional id: choosing or clearing a record must not remount the form */}
              {/* the specialised files form (spec 1 §2) ranks above the generic /forms/:formKey */}
              <Route path="/forms/files-form/:id?" element={page(<FilesFormPage />)} />
              {/* the fixed "import" segment ranks above the record id; the server checks the permission */}
              <Route path="/forms/:formKey/import" element={page(<ImportPage />)} />
              <Route path="/forms/:formKey/:id?" element={page(<FormPage />)} />
              <Route path="/smart-forms/:formName/:id?" element={page(<SmartFormRedirect />)} />
              {/* the smart form's bare {formName} route (spec 1 §2); every fixed path above ranks before it */}
              <Route path="/:formName/:id?" element={page(<SmartFormPage />)} />
              <Route
                path="/files-upload"
                element={page(
                  <RequireRole role="operator">
                    <FilesUploadPage />
                  </RequireRole>,
                )}
              />
            </Route>
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </FilterBarExtensionsProvider>
    </FormToolbarExtensionsProvider>
  );
}

import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { hasRole, type Role } from '@mdis/shared';
import { useSessionContext } from '../../platform/session/SessionContext';
import { NotAllowedPage } from '../../ui/NotAllowedPage';
import { PageLoading } from '../../ui/PageLoading';
import { loginPathFor } from '../../platform/routing/redirect';

/** Routes below need a signed-in user; others are sent to /login with the full path to come back to. */
export function RequireAuth() {
  const { status, user } = useSessionContext();
  const location = useLocation();
  if (status === 'initializing') return <PageLoading />;
  if (!user) return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  return <Outlet />;
}

export interface RequireRoleProps {
  role: Role;
  children: ReactNode;
}

/** The server refuses the calls anyway; this only spares the user a page of errors. */
export function RequireRole({ role, children }: RequireRoleProps) {
  const { user } = useSessionContext();
  if (!user || !hasRole(user.roles, role)) return <NotAllowedPage />;
  return children;
}

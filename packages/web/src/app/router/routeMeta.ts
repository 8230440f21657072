import { matchPath } from 'react-router';

export interface RouteMeta {
  pattern: string;
  title: string | ((params: Record<string, string | undefined>) => string);
  /** The pattern of the parent crumb; none: the page is a root (login, reset, 404). */
  parent?: string;
}

// Order matters: the first matching pattern wins.
export const ROUTE_META: RouteMeta[] = [
  { pattern: '/', title: 'Dashboard' },
  { pattern: '/settings', title: 'Settings', parent: '/' },
  { pattern: '/settings/account', title: 'My Account', parent: '/settings' },
  { pattern: '/settings/users', title: 'User Management', parent: '/settings' },
  { pattern: '/settings/audit', title: 'Audit', parent: '/settings' },
  { pattern: '/settings/application', title: 'Application Settings', parent: '/settings' },
  { pattern: '/settings/templates-manager/*', title: 'Template Manager', parent: '/settings' },
  { pattern: '/forms/files-form', title: 'File Management', parent: '/' },
  { pattern: '/forms/files-form/:id', title: 'File Management', parent: '/' },
  { pattern: '/forms', title: 'Forms', parent: '/' },
  { pattern: '/forms/igsn', title: 'IGSN', parent: '/' },
  { pattern: '/forms/igsn/:igsn', title: ({ igsn }) => `IGSN ${igsn ?? ''}`, parent: '/' },
  { pattern: '/list-values', title: 'Value Lists', parent: '/' },
  { pattern: '/list-values/:listname', title: ({ listname }) => listname ?? '', parent: '/list-values' },
  { pattern: '/forms/:formKey', title: ({ formKey }) => formLabel(formKey ?? ''), parent: '/' },
  { pattern: '/forms/:formKey/:id', title: ({ formKey }) => formLabel(formKey ?? ''), parent: '/' },
  { pattern: '/files-upload', title: 'File Upload', parent: '/' },
  { pattern: '/login', title: 'Login' },
  { pattern: '/reset-password/:userId/:code', title: 'Reset password' },
  // last: the smart form's bare name matches any one-segment path
  { pattern: '/:formName', title: ({ formName }) => formLabel(formName ?? ''), parent: '/' },
  { pattern: '/:formName/:id', title: ({ formName }) => formLabel(formName ?? ''), parent: '/' },
];

const NOT_FOUND_META: RouteMeta = { pattern: '*', title: 'HTTP Error 404', parent: '/' };

/** 'core-form' → 'Core': the label until the forms issue supplies the template's. */
export function formLabel(formKey: string): string {
  const name = formKey.replace(/-form$/, '').replace(/[-_]+/g, ' ');
  return name.charAt(0).toUpperCase() + name.slice(1);
}

export interface Crumb {
  label: string;
  to: string;
}

function findMeta(pathname: string): { meta: RouteMeta; params: Record<string, string | undefined> } {
  for (const meta of ROUTE_META) {
    const match = matchPath({ path: meta.pattern, end: true }, pathname);
    if (match) return { meta, params: match.params };
  }
  return { meta: NOT_FOUND_META, params: {} };
}

function titleOf(meta: RouteMeta, params: Record<string, string | undefined>): string {
  return typeof meta.title === 'function' ? meta.title(params) : meta.title;
}

/** Breadcrumbs from the root to the page; the last one is the page itself. */
export function breadcrumbsFor(pathname: string): Crumb[] {
  const { meta, params } = findMeta(pathname);
  const crumbs: Crumb[] = [{ label: titleOf(meta, params), to: pathname }];
  let parent = meta.parent;
  while (parent !== undefined) {
    const parentMeta = ROUTE_META.find((m) => m.pattern === parent);
    if (!parentMeta) break;
    crumbs.unshift({ label: titleOf(parentMeta, {}), to: parent });
    parent = parentMeta.parent;
  }
  return crumbs;
}

/** 'title | subtitle - suffix'; the subtitle is the parent section when it is not the Dashboard. */
export function pageTitleFor(pathname: string, suffix: string): string {
  const crumbs = breadcrumbsFor(pathname);
  const title = crumbs[crumbs.length - 1]?.label ?? '';
  const section = crumbs.length > 2 ? crumbs[crumbs.length - 2]?.label : undefined;
  const main = section ? `${title} | ${section}` : title;
  return suffix ? `${main} - ${suffix}` : main;
}

/**
 * The page a path shows, for resetting the page's error boundary: a record id at the end
 * (`/forms/core-form/12`) selects a record on the same page and must not remount it.
 */
export function pageKey(pathname: string): string {
  return pathname.replace(/\/\d+$/, '');
}

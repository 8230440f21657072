import { matchPath } from 'react-router';
import { formLabelOf } from '@mdis/shared';
import { formNameOfKey } from '../../features/forms/formRoute';
import { formNameOfImportKey } from '../../features/import/importRoute';

/** A form's label by its name ('split' → 'Section Split'), as the forms menu (app/forms) has it. */
export type FormLabels = (formName: string) => string;

/** Before the menu has loaded (or for a form it does not list): the form's name in words. */
export const nameInWords: FormLabels = (name) => formLabelOf({ name });

type Params = Record<string, string | undefined>;

export interface RouteMeta {
  pattern: string;
  title: string | ((params: Params, formLabels: FormLabels) => string);
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
  { pattern: '/forms', title: 'Forms', parent: '/' },
  { pattern: '/forms/igsn', title: 'IGSN', parent: '/' },
  { pattern: '/forms/igsn/:igsn', title: ({ igsn }) => `IGSN ${igsn ?? ''}`, parent: '/' },
  { pattern: '/list-values', title: 'Value Lists', parent: '/' },
  { pattern: '/list-values/:listname', title: ({ listname }) => listname ?? '', parent: '/list-values' },
  // the form's label as the menu and the form's heading show it (issue 18 item 16), not a guess from the URL
  { pattern: '/forms/:formKey', title: ({ formKey }, labels) => labelOfKey(formKey, labels), parent: '/' },
  {
    pattern: '/forms/:formKey/import',
    title: ({ formKey }, labels) => `Import: ${labels(formNameOfImportKey(formKey ?? ''))}`,
    parent: '/',
  },
  { pattern: '/forms/:formKey/:id', title: ({ formKey }, labels) => labelOfKey(formKey, labels), parent: '/' },
  { pattern: '/files-upload', title: 'File Upload', parent: '/' },
  { pattern: '/login', title: 'Login' },
  { pattern: '/reset-password/:userId/:code', title: 'Reset password' },
  // last: the smart form's bare name matches any one-segment path
  { pattern: '/:formName', title: ({ formName }, labels) => labels(formName ?? ''), parent: '/' },
  { pattern: '/:formName/:id', title: ({ formName }, labels) => labels(formName ?? ''), parent: '/' },
];

const NOT_FOUND_META: RouteMeta = { pattern: '*', title: 'HTTP Error 404', parent: '/' };

/** 'split-form' → the split form's label; a key that names no form stays as it is (the page is a 404). */
function labelOfKey(formKey: string | undefined, labels: FormLabels): string {
  const name = formNameOfKey(formKey ?? '');
  return name ? labels(name) : (formKey ?? '');
}

export interface Crumb {
  label: string;
  to: string;
}

function findMeta(pathname: string): { meta: RouteMeta; params: Params } {
  for (const meta of ROUTE_META) {
    const match = matchPath({ path: meta.pattern, end: true }, pathname);
    if (match) return { meta, params: match.params };
  }
  return { meta: NOT_FOUND_META, params: {} };
}

function titleOf(meta: RouteMeta, params: Params, formLabels: FormLabels): string {
  return typeof meta.title === 'function' ? meta.title(params, formLabels) : meta.title;
}

/** Breadcrumbs from the root to the page; the last one is the page itself. */
export function breadcrumbsFor(pathname: string, formLabels: FormLabels = nameInWords): Crumb[] {
  const { meta, params } = findMeta(pathname);
  const crumbs: Crumb[] = [{ label: titleOf(meta, params, formLabels), to: pathname }];
  let parent = meta.parent;
  while (parent !== undefined) {
    const parentMeta = ROUTE_META.find((m) => m.pattern === parent);
    if (!parentMeta) break;
    crumbs.unshift({ label: titleOf(parentMeta, {}, formLabels), to: parent });
    parent = parentMeta.parent;
  }
  return crumbs;
}

/** 'title | subtitle - suffix'; the subtitle is the parent section when it is not the Dashboard. */
export function pageTitleFor(pathname: string, suffix: string, formLabels: FormLabels = nameInWords): string {
  const crumbs = breadcrumbsFor(pathname, formLabels);
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
  // negative: the temporary id of a record created offline (issue 22)
  return pathname.replace(/\/-?\d+$/, '');
}

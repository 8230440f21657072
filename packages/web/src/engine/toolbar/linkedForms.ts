import type { FormLink, FormTemplate } from '@mdis/shared';
import { encodeRouteFilter, type FilterSelection } from '../filter-bar/filterCascade';
import type { FormRecord } from '../api/records.api';

export interface LinkedForm {
  key: string;
  kind: 'sub' | 'sup';
  label: string;
  /** The target form's name: `/forms/core-form` → `core`. */
  formName: string;
  /** The hash route to open: `/forms/core-form?filter=…` or `/forms/site-form/7?filter=…`. */
  path: string;
  /** `{form}-window`, so a second click reuses the window. */
  windowName: string;
}

export function formNameOfUrl(url: string): string {
  const last =
    url
      .replace(/[?#].*$/, '')
      .replace(/\/+$/, '')
      .split('/')
      .pop() ?? '';
  return last.replace(/-form$/, '');
}

function linkFilter(link: FormLink, record: FormRecord): FilterSelection {
  const selection: FilterSelection = {};
  for (const { unit, fromField } of link.filter) {
    const value = record[fromField];
    if (typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value)))
      selection[unit] = Number(value);
  }
  return selection;
}

function toLinked(key: string, link: FormLink, kind: LinkedForm['kind'], record: FormRecord): LinkedForm | null {
  if (!link.url) return null;
  const formName = formNameOfUrl(link.url);
  const base = link.url.startsWith('/') ? link.url : `/${link.url}`;
  const parentId = kind === 'sup' && link.parentIdField ? record[link.parentIdField] : undefined;
  const idPart = typeof parentId === 'number' || typeof parentId === 'string' ? `/${String(parentId)}` : '';
  const filter = encodeRouteFilter(linkFilter(link, record));
  return {
    key: `${kind}-${key}`,
    kind,
    label: link.buttonLabel ?? key,
    formName,
    path: `${base}${idPart}${filter ? `?filter=${encodeURIComponent(filter)}` : ''}`,
    windowName: `${formName.toLowerCase()}-window`,
  };
}

/**
 * The sub-form (children) and parent-form buttons of the current record, only for forms the
 * server offers the user (spec 1 §6).
 */
export function linkedForms(form: FormTemplate, record: FormRecord, offered: ReadonlySet<string>): LinkedForm[] {
  const links = [
    ...Object.entries(form.supForms).map(([key, link]) => toLinked(key, link, 'sup', record)),
    ...Object.entries(form.subForms).map(([key, link]) => toLinked(key, link, 'sub', record)),
  ];
  return links.filter((link): link is LinkedForm => link !== null && offered.has(link.formName));
}

/** Safari does not get named windows (spec 1 §2): it opens the form in the same tab. */
export function isSafari(userAgent: string): boolean {
  return /^((?!chrome|chromium|android|crios|fxios).)*safari/i.test(userAgent);
}

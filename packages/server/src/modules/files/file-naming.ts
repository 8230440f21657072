import { AppError } from '@mdis/shared';

/** Where unassigned uploads wait ('File Upload' area). */
export const UPLOAD_FOLDER = 'upload';
const MAX_NAME = 200;

/** The extension of a name, lower-case, without the dot ('' when there is none). */
export function extensionOf(name: string): string {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(name);
  return match?.[1]?.toLowerCase() ?? '';
}

function baseOf(name: string): string {
  const ext = extensionOf(name);
  return ext ? name.slice(0, -(ext.length + 1)) : name;
}

/**
 * A client's file name made safe to store: the last path segment only (browsers on Windows send
 * `C:\\...`), characters outside letters, digits, `.`, `_` and `-` replaced, no leading dots, and
 * short enough for every file system, never with `..` inside. `../../etc/passwd` becomes `passwd`.
 */
export function sanitizeFilename(name: string): string {
  const last = name.split(/[/\\]/).pop() ?? '';
  const ext = extensionOf(last);
  const base = baseOf(last)
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/\.{2,}/g, '.')
    .replace(/^[._-]+|[._-]+$/g, '')
    .slice(0, MAX_NAME);
  const safeBase = base || 'file';
  return ext ? `${safeBase}.${ext}` : safeBase;
}

/** The first of `name`, `name_1.ext`, `name_2.ext`, … that `taken` says is free. */
export async function freeName(name: string, taken: (candidate: string) => Promise<boolean>): Promise<string> {
  const ext = extensionOf(name);
  const base = baseOf(name);
  for (let n = 0; n < 10_000; n += 1) {
    const candidate = n === 0 ? name : `${base}_${String(n)}${ext ? `.${ext}` : ''}`;
    if (!(await taken(candidate))) return candidate;
  }
  throw new AppError('CONFLICT', `Too many files named '${name}' in the upload area.`);
}

/** The folder of a file type: the list item's remark (reference §1), reduced to safe characters. */
export function folderOfType(type: string, remark: string | undefined): string {
  const folder = (remark ?? '').replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '');
  return folder || type.replace(/[^A-Za-z0-9_-]+/g, '') || 'files';
}

export interface AssignedNameInput {
  id: number;
  type: string;
  /** The parent's combined id down to the section (or the expedition code). */
  nameBase: string;
  number: string | null | undefined;
  originalFilename: string;
}

/**
 * `<TYPE>_<exp>_<site>_<hole>_<core>_<section>[_<number>].F<id>.<ext>`; type `UN` also keeps the
 * original base name (reference §1).
 */
export function assignedFilename(input: AssignedNameInput): string {
  const ext = extensionOf(input.originalFilename);
  const parts = [input.type, input.nameBase];
  if (input.number) parts.push(input.number);
  if (input.type === 'UN') parts.push(baseOf(sanitizeFilename(input.originalFilename)));
  const base = sanitizeFilename(parts.join('_'));
  return `${baseOf(base)}.F${String(input.id)}${ext ? `.${ext}` : ''}`;
}

/** `uploadPath` of the original client: files always land in the upload area; a path that tries to leave it is refused. */
export function checkUploadPath(uploadPath: string | undefined): void {
  if (uploadPath === undefined || uploadPath === '') return;
  const unsafe = uploadPath.includes('..') || uploadPath.includes('\\') || uploadPath.includes('\0');
  if (unsafe || !/^\/?[A-Za-z0-9_\-/]*$/.test(uploadPath)) {
    throw new AppError('BAD_REQUEST', 'Invalid upload path.');
  }
}

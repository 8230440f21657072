import { realIdsByLocal } from './offlineStore';

/**
 * After a sync, the screen's address may still name a record made offline by its temporary id
 * (`/forms/core-form/-3`, or `core:-3` in the filter): the address that names the record by the
 * id the server gave it, or null when nothing in it moved (issue 22).
 */
export function movedAddress(
  location: { pathname: string; search: string },
  idMap: Readonly<Record<string, number>>,
): string | null {
  const byLocal = new Map([...realIdsByLocal(idMap)].map(([local, id]) => [String(local), String(id)]));
  if (byLocal.size === 0) return null;
  const moved: string[] = [];
  const real = (local: string) => {
    const id = byLocal.get(local);
    if (id !== undefined) moved.push(local);
    return id ?? local;
  };
  const pathname = location.pathname
    .split('/')
    .map((segment) => (/^-\d+$/.test(segment) ? real(segment) : segment))
    .join('/');
  const params = new URLSearchParams(location.search);
  for (const [name, value] of [...params.entries()])
    params.set(
      name,
      value.replace(/(^|[:,=])(-\d+)(?=$|,)/g, (_all, before: string, local: string) => before + real(local)),
    );
  if (moved.length === 0) return null;
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}

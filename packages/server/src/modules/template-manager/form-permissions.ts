import { formPermission, FORM_ACTIONS } from '@mdis/shared';
import { parseStringList } from '../../infra/db/json-columns';
import type { Db } from '../../infra/db/schema';

/**
 * A renamed form keeps who may use it: every user's `form-{from}:view|edit` becomes `form-{to}:…`.
 * The LIKE narrows the read to the users concerned; the list itself is rewritten in code because the
 * column is JSON text on both dialects.
 */
export async function renameFormPermissions(db: Db, from: string, to: string): Promise<number> {
  const renames = new Map(FORM_ACTIONS.map((action) => [formPermission(from, action), formPermission(to, action)]));
  const users = await db
    .selectFrom('users')
    .select(['id', 'permissions'])
    .where('permissions', 'like', `%"form-${from}:%`)
    .execute();
  let changed = 0;
  for (const user of users) {
    const before = parseStringList(user.permissions);
    const after = [...new Set(before.map((permission) => renames.get(permission) ?? permission))];
    if (after.join('\n') === before.join('\n')) continue;
    await db
      .updateTable('users')
      .set({ permissions: JSON.stringify(after) })
      .where('id', '=', user.id)
      .execute();
    changed += 1;
  }
  return changed;
}

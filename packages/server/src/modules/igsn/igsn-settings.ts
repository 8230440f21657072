import { IGSN_CONFIG_DEFAULTS, type IgsnSettings, igsnSettings } from '@mdis/shared';
import type { Kysely } from 'kysely';
import type { AppConfigTable } from '../../infra/db/schema';
import { parseJsonValue } from '../../infra/db/json-columns';

const KEYS = Object.keys(IGSN_CONFIG_DEFAULTS);

/**
 * The IGSN settings as the app config holds them now (stored overrides over the defaults in
 * code), read through the write transaction: another instance may have changed them.
 */
export async function readIgsnSettings(connection: Kysely<never>): Promise<IgsnSettings> {
  const db = (connection as unknown as Kysely<object>).withTables<{ app_config: AppConfigTable }>();
  const rows = await db.selectFrom('app_config').select(['key', 'value']).where('key', 'in', KEYS).execute();
  return igsnSettings(Object.fromEntries(rows.map((row) => [row.key, parseJsonValue(row.value)])));
}

import type { Db } from '../../infra/db/schema';
import { parseJsonValue } from '../../infra/db/json-columns';

export type ConfigEntries = Record<string, unknown>;

function toEntries(rows: { key: string; value: string }[]): ConfigEntries {
  return Object.fromEntries(rows.map((row) => [row.key, parseJsonValue(row.value)]));
}

/** Stored overrides of the app config (the defaults live in code, see app-config.service.ts). */
export function createAppConfigRepository(db: Db) {
  return {
    all: async (): Promise<ConfigEntries> =>
      toEntries(await db.selectFrom('app_config').select(['key', 'value']).execute()),

    async apply(changes: ConfigEntries): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) {
            await trx.deleteFrom('app_config').where('key', '=', key).execute();
          } else {
            await trx
              .insertInto('app_config')
              .values({ key, value: JSON.stringify(value) })
              .onConflict((oc) => oc.column('key').doUpdateSet({ value: (eb) => eb.ref('excluded.value') }))
              .execute();
          }
        }
      });
    },
  };
}

/** One user's own config entries. */
export function createUserConfigRepository(db: Db) {
  return {
    all: async (userId: number): Promise<ConfigEntries> =>
      toEntries(await db.selectFrom('user_config').select(['key', 'value']).where('user_id', '=', userId).execute()),

    async apply(userId: number, changes: ConfigEntries): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) {
            await trx.deleteFrom('user_config').where('user_id', '=', userId).where('key', '=', key).execute();
          } else {
            await trx
              .insertInto('user_config')
              .values({ user_id: userId, key, value: JSON.stringify(value) })
              .onConflict((oc) =>
                oc.columns(['user_id', 'key']).doUpdateSet({ value: (eb) => eb.ref('excluded.value') }),
              )
              .execute();
          }
        }
      });
    },
  };
}

export type AppConfigRepository = ReturnType<typeof createAppConfigRepository>;
export type UserConfigRepository = ReturnType<typeof createUserConfigRepository>;

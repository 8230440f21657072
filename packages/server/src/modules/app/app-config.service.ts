import {
  AppError,
  DEFAULT_APP_CONFIG,
  DEFAULT_USER_CONFIG,
  invalidConfigKeyMessage,
  isPublicConfigKey,
  isValidConfigKey,
  isValidUserConfigKey,
} from '@mdis/shared';
import type { AppConfigRepository, ConfigEntries, UserConfigRepository } from './config.repository';

// The defaults are code, not seeded rows: the table holds only what someone changed, so a new
// release's new keys and corrected default texts reach existing installations without a data
// migration, and "null deletes" simply restores the default.

function assertKeys(changes: ConfigEntries, isValid: (key: string) => boolean): void {
  const invalid = Object.keys(changes).find((key) => !isValid(key));
  if (invalid !== undefined) throw new AppError('BAD_REQUEST', invalidConfigKeyMessage(invalid));
}

function valueOf(config: ConfigEntries, name: string): unknown {
  if (!Object.hasOwn(config, name)) throw new AppError('NOT_FOUND', `Config '${name}' not found.`);
  return config[name];
}

/** `serverFacts`: keys the server's own setup decides (CanSendEmails, UseOAuth2); stored values cannot override them. */
export function createAppConfigService(
  appConfig: AppConfigRepository,
  userConfig: UserConfigRepository,
  serverFacts: ConfigEntries = {},
) {
  const all = async (): Promise<ConfigEntries> => ({
    ...DEFAULT_APP_CONFIG,
    ...(await appConfig.all()),
    ...serverFacts,
  });
  // A user's config falls back to the app config for every key the user has not set.
  const allForUser = async (userId: number): Promise<ConfigEntries> => ({
    ...(await all()),
    ...DEFAULT_USER_CONFIG,
    ...(await userConfig.all(userId)),
  });

  const published = async (): Promise<ConfigEntries> =>
    Object.fromEntries(Object.entries(await all()).filter(([key]) => isPublicConfigKey(key)));

  return {
    all,
    get: async (name: string): Promise<unknown> => valueOf(await all(), name),
    /** The public part (`GET app/config`): spec 2 §3's keys only, never what else is stored. */
    published,
    getPublished: async (name: string): Promise<unknown> => valueOf(await published(), name),

    /** Stores `{ key: value }` (null deletes) and answers the whole config. */
    async update(changes: ConfigEntries): Promise<ConfigEntries> {
      assertKeys(changes, isValidConfigKey);
      await appConfig.apply(changes);
      return all();
    },

    allForUser,
    getForUser: async (userId: number, name: string): Promise<unknown> => valueOf(await allForUser(userId), name),

    async updateForUser(userId: number, changes: ConfigEntries): Promise<ConfigEntries> {
      assertKeys(changes, isValidUserConfigKey);
      await userConfig.apply(userId, changes);
      return allForUser(userId);
    },

    /** Internal keys (facetSearch) bypass the key check of the public call. */
    setForUser: (userId: number, key: string, value: unknown) => userConfig.apply(userId, { [key]: value }),
  };
}

export type AppConfigService = ReturnType<typeof createAppConfigService>;

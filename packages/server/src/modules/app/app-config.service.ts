import {
  APP_SETTINGS_MESSAGES,
  AppError,
  DEFAULT_APP_CONFIG,
  DEFAULT_USER_CONFIG,
  invalidConfigKeyMessage,
  isPublicConfigKey,
  isValidConfigKey,
  isValidUserConfigKey,
  validateAppSettings,
  validationError,
} from '@mdis/shared';
import type { AppConfigRepository, ConfigEntries, UserConfigRepository } from './config.repository';

// The defaults are code, not seeded rows: the table holds only what someone changed, so a new
// release's new keys and corrected default texts reach existing installations without a data
// migration, and "null deletes" simply restores the default.

function assertKeys(changes: ConfigEntries, isValid: (key: string) => boolean): void {
  const invalid = Object.keys(changes).find((key) => !isValid(key));
  if (invalid !== undefined) throw new AppError('BAD_REQUEST', invalidConfigKeyMessage(invalid));
}

/**
 * A user's own config holds a few UI settings (favourite forms, facet search), not data: bounded so
 * that no account can store megabytes under unlimited keys (issue 16).
 */
export const USER_CONFIG_LIMITS = { maxKeys: 50, maxValueBytes: 64 * 1024 };

export const USER_CONFIG_MESSAGES = {
  tooLarge: (key: string) =>
    `The config value of '${key}' is too large: at most ${String(USER_CONFIG_LIMITS.maxValueBytes)} bytes (as JSON).`,
  tooManyKeys: `A user config holds at most ${String(USER_CONFIG_LIMITS.maxKeys)} keys.`,
};

function assertValueSizes(changes: ConfigEntries): void {
  for (const [key, value] of Object.entries(changes)) {
    if (value !== null && Buffer.byteLength(JSON.stringify(value)) > USER_CONFIG_LIMITS.maxValueBytes) {
      throw new AppError('BAD_REQUEST', USER_CONFIG_MESSAGES.tooLarge(key));
    }
  }
}

/** The keys the user's config holds once `changes` are applied (null deletes). */
function keysAfter(stored: ConfigEntries, changes: ConfigEntries): number {
  const keys = new Set(Object.keys(stored));
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) keys.delete(key);
    else keys.add(key);
  }
  return keys.size;
}

function valueOf(config: ConfigEntries, name: string): unknown {
  if (!Object.hasOwn(config, name)) throw new AppError('NOT_FOUND', `Config '${name}' not found.`);
  return config[name];
}

/**
 * `serverFacts`: keys the server's own setup decides (CanSendEmails, UseOAuth2); stored values cannot
 * override them. `userExists` checks the default user a change names.
 */
export function createAppConfigService(
  appConfig: AppConfigRepository,
  userConfig: UserConfigRepository,
  serverFacts: ConfigEntries = {},
  userExists: (username: string) => Promise<boolean> = () => Promise.resolve(true),
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

  /** Checked before anything is stored: a refused request changes nothing. */
  async function applyForUser(userId: number, changes: ConfigEntries): Promise<void> {
    assertValueSizes(changes);
    if (keysAfter(await userConfig.all(userId), changes) > USER_CONFIG_LIMITS.maxKeys) {
      throw new AppError('BAD_REQUEST', USER_CONFIG_MESSAGES.tooManyKeys);
    }
    await userConfig.apply(userId, changes);
  }

  const published = async (): Promise<ConfigEntries> =>
    Object.fromEntries(Object.entries(await all()).filter(([key]) => isPublicConfigKey(key)));

  return {
    all,
    get: async (name: string): Promise<unknown> => valueOf(await all(), name),
    /** The public part (`GET app/config`): the original's keys only (spec 2 §3), never what else is stored. */
    published,
    getPublished: async (name: string): Promise<unknown> => valueOf(await published(), name),

    /** Stores `{ key: value }` (null deletes) and answers the whole config. */
    async update(changes: ConfigEntries): Promise<ConfigEntries> {
      assertKeys(changes, isValidConfigKey);
      const errors = validateAppSettings(changes, await all());
      const defaultUser = changes.useDefaultUser;
      if (!errors.length && typeof defaultUser === 'string' && defaultUser.trim() !== '') {
        if (!(await userExists(defaultUser.trim()))) {
          errors.push({
            field: 'useDefaultUser',
            message: APP_SETTINGS_MESSAGES.defaultUserUnknown(defaultUser.trim()),
          });
        }
      }
      if (errors.length) throw validationError(errors);
      await appConfig.apply(changes);
      return all();
    },

    allForUser,
    getForUser: async (userId: number, name: string): Promise<unknown> => valueOf(await allForUser(userId), name),

    async updateForUser(userId: number, changes: ConfigEntries): Promise<ConfigEntries> {
      assertKeys(changes, isValidUserConfigKey);
      await applyForUser(userId, changes);
      return allForUser(userId);
    },

    /** Internal keys (facetSearch) bypass the key check of the public call. */
    setForUser: (userId: number, key: string, value: unknown) => applyForUser(userId, { [key]: value }),
  };
}

export type AppConfigService = ReturnType<typeof createAppConfigService>;

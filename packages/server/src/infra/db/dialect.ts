/**
 * Which database the server runs on and how to reach it. Lives with the database code: the
 * engines, infra and modules branch on the dialect, and none of them should import the
 * environment parsing (config.ts) for it.
 */
export type DatabaseConfig =
  { dialect: 'sqlite'; filename: string } | { dialect: 'postgres'; connectionString: string; searchPath?: string };

export type Dialect = DatabaseConfig['dialect'];

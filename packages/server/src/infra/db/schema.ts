import type { ColumnType, Generated, Kysely, Selectable } from 'kysely';

// Timestamps are ISO-8601 UTC strings (`toISOString()`) in TEXT columns on both dialects: they
// sort and compare correctly as text, need no per-driver Date conversion (pg would return Date
// objects for timestamptz, SQLite has no date type), and are what the API sends anyway.
// Booleans are integers 0/1 for the same reason (SQLite has no boolean type).
// JSON values (roles, permissions, config values) are JSON text.

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  name: string;
  password_hash: string;
  roles: string;
  permissions: string;
  active: number;
  /** 0: an account moved from mDIS v3 unconfirmed (inactive until an administrator activates it). */
  confirmed: Generated<number>;
  created_at: string;
  updated_at: string;
  last_login_at: string | null;
}

export interface AuthTokensTable {
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  last_used_at: string;
}

export interface AppConfigTable {
  key: string;
  value: string;
}

export interface UserConfigTable {
  user_id: number;
  key: string;
  value: string;
}

/** Login throttle counters (migration 20261125T2010-login-counters): attempts in the window that started then. */
export interface LoginCountersTable {
  key: string;
  attempts: number;
  window_started_at: string;
}

/** Issued IGSNs (migration 20261123T0300-igsn-registry): kept after their record is deleted. */
export interface IgsnRegistryTable {
  id: Generated<number>;
  /** Upper case, unique. */
  igsn: string;
  /** The model's FullName, e.g. `CoreCore`. */
  data_model: string;
  model_id: number;
  created_at: string;
}

/** Dashboard widgets (migration 20261123T0400-widgets). */
export interface WidgetsTable {
  id: Generated<number>;
  type: string;
  title: string;
  subtitle: string;
  color: string;
  is_dark: number;
  active: number;
  order: number;
  xs_size: number;
  sm_size: number;
  md_size: number;
  lg_size: number;
  cloneable: number;
  deletable: number;
  /** JSON object text. */
  extra_settings: string;
  created_at: string;
  updated_at: string;
}

/** Epoch seconds in a bigint column: pg reads bigint as a string. */
type EpochSeconds = ColumnType<number | string, number, number>;

/** Dashboard posts (migration 20261123T0600-posts-messages). */
export interface PostsTable {
  id: Generated<number>;
  author_id: number | null;
  author: string;
  text: string;
  created_at: EpochSeconds;
  updated_at: EpochSeconds;
}

/** Messages of the day (migration 20261123T0600-posts-messages); `date` is YYYY-MM-DD. */
export interface MessagesTable {
  id: Generated<number>;
  date: string;
  message: string;
  author_id: number | null;
  author: string;
  created_at: EpochSeconds;
  updated_at: EpochSeconds;
}

export interface MessageImagesTable {
  id: Generated<number>;
  message_id: number;
  position: number;
  mime_type: string;
  /** Base64 of the image bytes. */
  data: string;
  caption: string;
}

/** Pending password recoveries (migration 20261123T0610-password-recovery). */
export interface PasswordRecoveriesTable {
  user_id: number;
  code_hash: string;
  sent_at: string;
  expires_at: string;
}

/** One written record (issue 21); rows are made by triggers, read by the history and audit routes. */
export interface RecordHistoryTable {
  id: Generated<number>;
  at: string;
  action: 'create' | 'update' | 'delete' | 'link' | 'unlink';
  table_name: string;
  record_id: number;
  /**
   * JSON: the record (create, delete), `{ column: [before, after] }` (update), or the partner of an
   * m:n link by its join-table column, `{ "test_tag_id": 5 }` (link, unlink).
   */
  changes: string;
  user_id: number | null;
  user_name: string | null;
  batch_id: string | null;
  route: string | null;
  client: string | null;
}

/** Client operations an offline upload applied, with their answers (migration 20261126T0300-offline-sync). */
export interface OfflineAppliedOpsTable {
  user_id: number;
  op_id: string;
  temp_id: string | null;
  record_id: number | null;
  /** JSON: the operation's result as the sync answer gave it. */
  result: string;
  applied_at: string;
}

/** A user's last mapping of file headers to a form's columns (JSON `{ header: column | null }`). */
export interface ImportMappingsTable {
  user_id: number;
  form: string;
  mapping: string;
  updated_at: string;
}

/** A committed import, under the batch id of its record_history rows. */
export interface ImportBatchesTable {
  batch_id: string;
  form: string;
  table_name: string;
  user_id: number | null;
  created_at: string;
  /** JSON: the import's counts. */
  counts: string;
  undone_at: string | null;
}

/** A SQLite import committing in parts that has not finished (modules/import/unfinished-imports.ts). */
export interface UnfinishedImportsTable {
  batch_id: string;
  table_name: string;
  /** Which process runs it: os.hostname() and its pid. */
  host: string;
  pid: number;
  started_at: string;
  /** Renewed by each of its kept transactions. */
  seen_at: string;
}

/** An index of a shipped model template that this installation was given once (seed/shipped-indexes.ts). */
export interface ShippedIndexesTable {
  model: string;
  index_name: string;
  offered_at: string;
}

export interface DatabaseSchema {
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  app_config: AppConfigTable;
  user_config: UserConfigTable;
  login_counters: LoginCountersTable;
  igsn_registry: IgsnRegistryTable;
  widgets: WidgetsTable;
  posts: PostsTable;
  messages: MessagesTable;
  message_images: MessageImagesTable;
  password_recoveries: PasswordRecoveriesTable;
  record_history: RecordHistoryTable;
  offline_applied_ops: OfflineAppliedOpsTable;
  import_mappings: ImportMappingsTable;
  import_batches: ImportBatchesTable;
  shipped_indexes: ShippedIndexesTable;
  unfinished_imports: UnfinishedImportsTable;
}

export type Db = Kysely<DatabaseSchema>;
export type UserRow = Selectable<UsersTable>;

/**
 * A user row's columns, once: what the users API and the session lookup read, and what a migration
 * from mDIS v3 writes (in this order).
 */
export const USER_COLUMNS = [
  'id',
  'username',
  'email',
  'name',
  'password_hash',
  'roles',
  'permissions',
  'active',
  'confirmed',
  'created_at',
  'updated_at',
  'last_login_at',
] as const satisfies readonly (keyof UsersTable)[];

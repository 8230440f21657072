import type { ColumnTemplate, ModelTemplate } from '@mdis/shared';
import { isStoredColumnType } from '@mdis/shared';

// The tables of an mDIS v3 installation as MySQL DDL (docs/mdis-v3-migration.md says what is read
// from the original and what is guessed). Template tables: the column types the original's
// template manager (cg module, Yii2 migrations) gives each template column type.

const MYSQL_TYPES: Record<string, (column: ColumnTemplate) => string> = {
  integer: (c) => `int(${String(c.size && c.size > 0 ? c.size : 11)})`,
  double: () => 'double',
  string: (c) => `varchar(${String(c.size && c.size > 0 ? c.size : 255)})`,
  // Guessed: multi-valued strings are stored joined by ';' in a plain string column.
  string_multiple: (c) => `varchar(${String(c.size && c.size > 0 ? c.size : 255)})`,
  text: () => 'text',
  boolean: () => 'tinyint(1)',
  date: () => 'date',
  dateTime: () => 'datetime',
  time: () => 'time',
};

const q = (name: string) => `\`${name.replaceAll('`', '``')}\``;

/** The CREATE TABLE of a model template as the original's generator writes it. */
export function templateTableDdl(model: ModelTemplate): string {
  const lines: string[] = [];
  for (const column of Object.values(model.columns)) {
    if (!isStoredColumnType(column.type)) continue;
    if (column.name === 'id') {
      lines.push('`id` int(11) NOT NULL AUTO_INCREMENT');
      continue;
    }
    const type = (MYSQL_TYPES[column.type] as ((c: ColumnTemplate) => string) | undefined)?.(column);
    if (!type) throw new Error(`No MySQL type for ${model.fullName}.${column.name} (${column.type})`);
    lines.push(`${q(column.name)} ${type}${column.required ? ' NOT NULL' : ' DEFAULT NULL'}`);
  }
  lines.push('PRIMARY KEY (`id`)');
  for (const index of Object.values(model.indices)) {
    if (index.type === 'PRIMARY') continue;
    const kind = index.type === 'UNIQUE' ? 'UNIQUE KEY' : 'KEY';
    lines.push(`${kind} ${q(index.name.slice(0, 64))} (${index.columns.map(q).join(', ')})`);
  }
  for (const relation of Object.values(model.relations)) {
    if (relation.relationType !== 'parent' || !relation.foreignTable) continue;
    const local = (relation.localColumns ?? []).map(q).join(', ');
    const foreign = (relation.foreignColumns ?? ['id']).map(q).join(', ');
    lines.push(
      `CONSTRAINT ${q(relation.name.slice(0, 64))} FOREIGN KEY (${local}) REFERENCES ${q(relation.foreignTable)} (${foreign})`,
    );
  }
  return `CREATE TABLE ${q(model.table)} (\n  ${lines.join(',\n  ')}\n) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4`;
}

/** yii2-usuario's user and profile, Yii's RBAC tables and the original's own system tables. */
export const SYSTEM_TABLES_DDL = [
  `CREATE TABLE user (
    id int(11) NOT NULL AUTO_INCREMENT, username varchar(255) NOT NULL, email varchar(255) NOT NULL,
    password_hash varchar(60) NOT NULL, auth_key varchar(32) NOT NULL, unconfirmed_email varchar(255) DEFAULT NULL,
    registration_ip varchar(45) DEFAULT NULL, flags int(11) NOT NULL DEFAULT 0, confirmed_at int(11) DEFAULT NULL,
    blocked_at int(11) DEFAULT NULL, updated_at int(11) NOT NULL, created_at int(11) NOT NULL,
    last_login_at int(11) DEFAULT NULL, last_login_ip varchar(45) DEFAULT NULL, auth_tf_key varchar(16) DEFAULT NULL,
    auth_tf_enabled tinyint(1) DEFAULT 0, password_changed_at int(11) DEFAULT NULL, gdpr_consent tinyint(1) DEFAULT 0,
    gdpr_consent_date int(11) DEFAULT NULL, gdpr_deleted tinyint(1) DEFAULT 0,
    api_token varchar(32) DEFAULT NULL, token_expire int(11) DEFAULT NULL, is_ldap_user tinyint(1) DEFAULT 0,
    PRIMARY KEY (id), UNIQUE KEY idx_user_username (username), UNIQUE KEY idx_user_email (email)
  ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4`,
  `CREATE TABLE profile (
    user_id int(11) NOT NULL, name varchar(255) DEFAULT NULL, public_email varchar(255) DEFAULT NULL,
    gravatar_email varchar(255) DEFAULT NULL, gravatar_id varchar(32) DEFAULT NULL, location varchar(255) DEFAULT NULL,
    website varchar(255) DEFAULT NULL, timezone varchar(40) DEFAULT NULL, bio text,
    PRIMARY KEY (user_id), CONSTRAINT fk_profile_user FOREIGN KEY (user_id) REFERENCES user (id) ON DELETE CASCADE
  ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4`,
  `CREATE TABLE auth_rule (name varchar(64) NOT NULL, data blob, created_at int(11), updated_at int(11), PRIMARY KEY (name))`,
  `CREATE TABLE auth_item (
    name varchar(64) NOT NULL, type smallint(6) NOT NULL, description text, rule_name varchar(64) DEFAULT NULL,
    data blob, created_at int(11), updated_at int(11), PRIMARY KEY (name), KEY idx_auth_item_type (type)
  )`,
  `CREATE TABLE auth_item_child (parent varchar(64) NOT NULL, child varchar(64) NOT NULL, PRIMARY KEY (parent, child))`,
  `CREATE TABLE auth_assignment (
    item_name varchar(64) NOT NULL, user_id varchar(64) NOT NULL, created_at int(11), PRIMARY KEY (item_name, user_id)
  )`,
  `CREATE TABLE user_config (
    id int(11) NOT NULL AUTO_INCREMENT, user_id int(11) NOT NULL, \`key\` varchar(255) NOT NULL, value text,
    PRIMARY KEY (id), UNIQUE KEY user_key (user_id, \`key\`)
  ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4`,
  `CREATE TABLE dis_list (
    id int(11) NOT NULL AUTO_INCREMENT, list_name varchar(255) NOT NULL, is_locked tinyint(1) NOT NULL DEFAULT 0,
    list_uri varchar(1024) DEFAULT NULL, PRIMARY KEY (id), UNIQUE KEY list_name (list_name)
  ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4`,
  `CREATE TABLE dis_list_item (
    id int(11) NOT NULL AUTO_INCREMENT, list_id int(11) NOT NULL, display varchar(255) NOT NULL, remark text,
    uri varchar(1024) DEFAULT NULL, sort int(11) DEFAULT NULL, PRIMARY KEY (id),
    CONSTRAINT fk_item_list FOREIGN KEY (list_id) REFERENCES dis_list (id)
  ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4`,
  `CREATE TABLE dis_igsn (
    id int(11) NOT NULL AUTO_INCREMENT, igsn varchar(32) NOT NULL, model varchar(255) NOT NULL, model_id int(11) NOT NULL,
    PRIMARY KEY (id), UNIQUE KEY igsn (igsn)
  ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4`,
];

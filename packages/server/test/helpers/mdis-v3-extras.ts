import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseModelTemplate, type ModelTemplate } from '@mdis/shared';
import type mysql from 'mysql2/promise';

// The parts of the mDIS v3 fixture beyond the drilling chain (docs/mdis-v3-migration.md): a model
// with an m:n relation and its join table, and the dashboard's tables (widgets, posts, messages of
// the day) in the shape the migration guesses for the original.

/** Tags on cores: a model whose m:n relation to core_core has the join table curation_tag_core_core. */
export const TAG_MODEL_JSON = {
  module: 'Curation',
  name: 'Tag',
  table: 'curation_tag',
  fullName: 'CurationTag',
  parentModel: null,
  columns: {
    id: { name: 'id', type: 'integer', size: 11, primaryKey: true, autoInc: true, label: 'ID' },
    name: { name: 'name', type: 'string', size: 40, required: true, label: 'Tag' },
    core_core_ids_nm: {
      name: 'core_core_ids_nm',
      type: 'many_to_many',
      relatedTable: 'core_core',
      displayColumn: 'combined_id',
      label: 'Cores',
    },
  },
  indices: { id: { name: 'id', type: 'PRIMARY', columns: ['id'] } },
  relations: {
    curation_tag__core_core__core_core_ids_nm__nm: {
      name: 'curation_tag__core_core__core_core_ids_nm__nm',
      relationType: 'nm',
      relatedTable: 'core_core',
      foreignTable: null,
      localColumns: ['core_core_ids_nm'],
      foreignColumns: null,
      displayColumns: ['combined_id'],
    },
  },
  behaviors: [],
  createdAt: 1600000000,
  modifiedAt: 1600000000,
  generatedAt: null,
};

export const TAG_MODEL: ModelTemplate = parseModelTemplate(TAG_MODEL_JSON);

/** The repository's templates plus the tag model, in a folder of their own. */
export function templatesWithTags(templatesDir: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'mig-fx-templates-'));
  cpSync(templatesDir, dir, { recursive: true });
  writeFileSync(join(dir, 'models', 'CurationTag.json'), JSON.stringify(TAG_MODEL_JSON, null, 2));
  return dir;
}

/** Guessed: the join table as the original's generator names it, one `<table>_id` column per side. */
export const EXTRA_TABLES_DDL = [
  `CREATE TABLE curation_tag_core_core (
    curation_tag_id int(11) NOT NULL, core_core_id int(11) NOT NULL, PRIMARY KEY (curation_tag_id, core_core_id),
    CONSTRAINT fk_tag FOREIGN KEY (curation_tag_id) REFERENCES curation_tag (id),
    CONSTRAINT fk_core FOREIGN KEY (core_core_id) REFERENCES core_core (id)
  ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4`,
  // Guessed from the API's fields (spec 2 §3): widget settings as JSON text, posts signed by name and
  // by the Blameable behaviour's created_by, messages with their images as a JSON list.
  `CREATE TABLE widget (
    id int(11) NOT NULL AUTO_INCREMENT, type varchar(255) NOT NULL, title varchar(255) DEFAULT NULL,
    subtitle varchar(255) DEFAULT NULL, color varchar(64) DEFAULT NULL, is_dark tinyint(1) DEFAULT 0,
    active tinyint(1) DEFAULT 1, \`order\` int(11) DEFAULT 0, xs_size int(11) DEFAULT 12, sm_size int(11) DEFAULT 12,
    md_size int(11) DEFAULT 6, lg_size int(11) DEFAULT 4, cloneable tinyint(1) DEFAULT 1, deletable tinyint(1) DEFAULT 1,
    extra_settings text, PRIMARY KEY (id)
  ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4`,
  `CREATE TABLE post (
    id int(11) NOT NULL AUTO_INCREMENT, author varchar(255) DEFAULT NULL, text text, created_by int(11) DEFAULT NULL,
    created_at int(11) DEFAULT NULL, updated_at int(11) DEFAULT NULL, PRIMARY KEY (id)
  ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4`,
  `CREATE TABLE message (
    id int(11) NOT NULL AUTO_INCREMENT, date date NOT NULL, message text, images text,
    created_at int(11) DEFAULT NULL, updated_at int(11) DEFAULT NULL, PRIMARY KEY (id)
  ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4`,
];

/** The links the fixture writes: [tag id, core id]. */
export const TAG_LINKS: [number, number][] = [
  [1, 1],
  [1, 2],
  [2, 1],
];

export async function writeTags(connection: mysql.Connection, rows: Record<string, number>): Promise<void> {
  await connection.query(
    "INSERT INTO curation_tag (id, name) VALUES (1, 'photographed'), (2, 'sampled'), (3, 'unused')",
  );
  await connection.query('INSERT INTO curation_tag_core_core (curation_tag_id, core_core_id) VALUES ?', [TAG_LINKS]);
  rows.curation_tag = 3;
  rows.curation_tag_core_core = TAG_LINKS.length;
}

/** The dashboard: three widgets (one inactive), two posts (one by a deleted account), two messages. */
export async function writeDashboard(connection: mysql.Connection, rows: Record<string, number>): Promise<void> {
  const widgets = [
    [
      11,
      'ProjectInformationWidget',
      'Expedition 5065',
      'Lake drilling',
      'teal darken-1',
      1,
      1,
      0,
      12,
      12,
      12,
      8,
      0,
      0,
      '{"projectName":"Lake 5065","imageWidth":50}',
    ],
    [12, 'PostBoxWidget', 'News', null, '#336699', 0, 1, 1, 12, 12, 6, 4, 1, 1, null],
    [13, 'MessageOfTheDayWidget', 'Today', '', 'indigo', 1, 0, 2, 12, 6, 6, 4, 1, 1, '{"calendarWidth":"xs4"}'],
  ];
  await connection.query(
    'INSERT INTO widget (id, type, title, subtitle, color, is_dark, active, `order`, xs_size, sm_size, md_size, lg_size, cloneable, deletable, extra_settings) VALUES ?',
    [widgets],
  );
  await connection.query('INSERT INTO post (id, author, text, created_by, created_at, updated_at) VALUES ?', [
    [
      [4, 'Chief Person', 'Core 1 is on deck.', 1, 1_700_000_100, 1_700_000_100],
      [5, 'Former Driller', 'Night shift handed over.', 99, 1_700_000_200, 1_700_000_300],
    ],
  ]);
  await connection.query('INSERT INTO message (id, date, message, images, created_at, updated_at) VALUES ?', [
    [
      [7, '2024-05-06', 'Safety briefing at 8:00.', '[]', 1_714_975_200, 1_714_975_200],
      [8, '2024-05-07', 'Crew change — welcome aboard!', null, null, null],
    ],
  ]);
  rows.widgets = widgets.length;
  rows.posts = 2;
  rows.messages = 2;
}

// The named load scenarios of `npm run bench` (issue 4 item 9). S1-S3 also run as raw SQL (raw.ts)
// so that the API's overhead over the database itself shows as a ratio.
import { sql } from 'kysely';
import type { DatabaseConfig } from '../packages/server/src/infra/db/dialect';
import { createDatabase } from '../packages/server/src/infra/db/database';

/** Records in the middle of the dataset the scenarios ask about (found once, before the load). */
export interface Targets {
  core: { id: number; holeId: number; siteId: number; expeditionId: number; samples: number };
  /** A working half to create samples on (S5). */
  workingSplitId: number;
  /** The IGSN of a sample (S4). */
  sampleIgsn: string;
}

export interface ApiScenario {
  key: string;
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: Record<string, unknown>;
  /** The status every answer must have: checked once before the load. */
  status: number;
}

/** The regex and lower bound of S3 (material matches /sed/i, code SED or its text "Sediment"). */
export const S3_MATERIAL = 'sed';
export const S3_MIN_TOP = 50;
/** S3r: a regex on a plain text column (samples of cores 10-19 of any hole, by combined id). */
export const S3R_COMBINED_ID = '_1[0-9]_';
/** S3t: a list column matched by its item's text only (the code is SED). */
export const S3T_MATERIAL_TEXT = 'Sediment';
/** S7: a deep page of the unfiltered list. */
export const DEEP_PAGE = 50_000;
export const PER_PAGE = 20;
/** The pseudo column S9 sorts by (computed from the section's depth; sortable once issue 17 item 3 lands). */
export const PSEUDO_SORT = 'mcd_top_depth';

export function apiScenarios(t: Targets): ApiScenario[] {
  const list = `/api/v1/form?name=sample&page=1&per-page=${String(PER_PAGE)}`;
  const { core } = t;
  // What the sample form's filter bar sends with expedition, site, hole and core chosen.
  const cascade = `filter[expedition_id]=${String(core.expeditionId)}&filter[site_id]=${String(core.siteId)}&filter[hole_id]=${String(core.holeId)}&filter[core_id]=${String(core.id)}`;
  return [
    { key: 'S1', name: 'samples page 1', method: 'GET', path: list, status: 200 },
    { key: 'S2', name: 'samples of one core by top', method: 'GET', path: `${list}&sort=top&${cascade}`, status: 200 },
    {
      key: 'S3',
      name: `material ~ /${S3_MATERIAL}/ and top>${String(S3_MIN_TOP)}`,
      method: 'GET',
      path: `${list}&filter[sample_material]=${S3_MATERIAL}&filter[top]=${encodeURIComponent(`>${String(S3_MIN_TOP)}`)}`,
      status: 200,
    },
    {
      key: 'S3r',
      name: `combined_id ~ /${S3R_COMBINED_ID}/ and top>${String(S3_MIN_TOP)}`,
      method: 'GET',
      path: `${list}&filter[combined_id]=${encodeURIComponent(S3R_COMBINED_ID)}&filter[top]=${encodeURIComponent(`>${String(S3_MIN_TOP)}`)}`,
      status: 200,
    },
    {
      key: 'S3t',
      name: `material text ${S3T_MATERIAL_TEXT} and top>${String(S3_MIN_TOP)}`,
      method: 'GET',
      path: `${list}&filter[sample_material]=${S3T_MATERIAL_TEXT}&filter[top]=${encodeURIComponent(`>${String(S3_MIN_TOP)}`)}`,
      status: 200,
    },
    {
      key: 'S4',
      name: 'find-igsn',
      method: 'GET',
      path: `/api/v1/app/find-igsn/${encodeURIComponent(t.sampleIgsn)}`,
      status: 200,
    },
    {
      key: 'S5',
      name: 'create a sample',
      method: 'POST',
      path: '/api/v1/form?name=sample',
      body: { section_split_id: t.workingSplitId, top: 1, sample_length: 2, sample_material: 'SED', sample_size: 5 },
      status: 201,
    },
    {
      key: 'S7',
      name: `samples page ${DEEP_PAGE.toLocaleString('en-US')}`,
      method: 'GET',
      path: list.replace('page=1', `page=${String(DEEP_PAGE)}`),
      status: 200,
    },
    { key: 'S8', name: 'samples by top descending', method: 'GET', path: `${list}&sort=-top`, status: 200 },
    { key: 'S9', name: `samples by ${PSEUDO_SORT}`, method: 'GET', path: `${list}&sort=${PSEUDO_SORT}`, status: 200 },
  ];
}

/** A core with samples and a working half, around the middle of the ids. */
export async function findTargets(config: DatabaseConfig): Promise<Targets> {
  const database = createDatabase(config);
  try {
    const db = database.db;
    const { rows: maxRows } = await sql<{ id: number }>`SELECT MAX(id) AS id FROM core_core`.execute(db);
    const middle = Math.floor((maxRows.at(0)?.id ?? 0) / 2);
    const { rows: cores } = await sql<{
      id: number;
      hole_id: number;
      site_id: number;
      expedition_id: number;
      n: number | string;
    }>`
      SELECT c.id, c.hole_id, h.site_id, s.expedition_id, COUNT(x.id) AS n
      FROM core_core c JOIN project_hole h ON h.id = c.hole_id JOIN project_site s ON s.id = h.site_id
      JOIN core_section se ON se.core_id = c.id JOIN curation_section_split p ON p.section_id = se.id
      JOIN curation_sample x ON x.section_split_id = p.id
      WHERE c.id BETWEEN ${middle} AND ${middle + 50}
      GROUP BY c.id, c.hole_id, h.site_id, s.expedition_id ORDER BY COUNT(x.id) DESC, c.id LIMIT 1`.execute(db);
    const core = cores.at(0);
    if (!core) throw new Error('The dataset has no core with samples: generate more samples.');
    const { rows: splits } = await sql<{ split: number; igsn: string }>`
      SELECT x.section_split_id AS split, x.igsn FROM curation_sample x
      JOIN curation_section_split p ON p.id = x.section_split_id JOIN core_section se ON se.id = p.section_id
      WHERE se.core_id = ${core.id} ORDER BY x.id LIMIT 1`.execute(db);
    const split = splits.at(0);
    if (!split) throw new Error('The chosen core has no sample.');
    return {
      core: {
        id: core.id,
        holeId: core.hole_id,
        siteId: core.site_id,
        expeditionId: core.expedition_id,
        samples: Number(core.n),
      },
      workingSplitId: split.split,
      sampleIgsn: split.igsn,
    };
  } finally {
    await database.destroy();
  }
}

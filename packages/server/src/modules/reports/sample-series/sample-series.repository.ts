import { type Generated, type Kysely, sql } from 'kysely';
import type { Db } from '../../../infra/db/schema';

interface SampleSeriesTable {
  id: Generated<number>;
  split_id: number;
  created_at: number | string;
  created_by: number | null;
  start_top: number;
  sample_length: number;
  spacing: number;
}

interface SampleSeriesItemTable {
  series_id: number;
  sample_id: number;
  position: number;
}

interface SampleSeriesTables {
  sample_series: SampleSeriesTable;
  sample_series_item: SampleSeriesItemTable;
}

export interface NewSampleSeries {
  splitId: number;
  createdBy: number | null;
  startTop: number;
  sampleLength: number;
  spacing: number;
  sampleIds: readonly number[];
}

export interface SampleSeries {
  id: number;
  splitId: number;
  createdAt: number;
  createdBy: number | null;
  /** The samples of the series, in the order they were created (top down). */
  sampleIds: number[];
}

/** A column of a template table that may point at samples (named by a loaded template, never by a request). */
export interface SampleReference {
  table: string;
  column: string;
}

/** The series a sample belongs to, with all its samples; undefined when it belongs to none. */
async function findBySample(db: Kysely<SampleSeriesTables>, sampleId: number): Promise<SampleSeries | undefined> {
  const item = await db
    .selectFrom('sample_series_item')
    .select('series_id')
    .where('sample_id', '=', sampleId)
    .executeTakeFirst();
  if (!item) return undefined;
  const series = await db
    .selectFrom('sample_series')
    .select(['id', 'split_id', 'created_at', 'created_by'])
    .where('id', '=', item.series_id)
    .executeTakeFirstOrThrow();
  const samples = await db
    .selectFrom('sample_series_item')
    .select('sample_id')
    .where('series_id', '=', series.id)
    .orderBy('position')
    .execute();
  return {
    id: series.id,
    splitId: series.split_id,
    // PostgreSQL returns bigint as text.
    createdAt: Number(series.created_at),
    createdBy: series.created_by,
    sampleIds: samples.map((s) => s.sample_id),
  };
}

/** The system tables `sample_series` and `sample_series_item` (migration 20261123T0700). */
export function createSampleSeriesRepository(base: Db) {
  // The tables of this module only: the shared schema type (infra/db/schema.ts) stays untouched.
  const db = base as unknown as Kysely<SampleSeriesTables>;

  return {
    async create(series: NewSampleSeries, now: number): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('sample_series')
          .values({
            split_id: series.splitId,
            created_at: now,
            created_by: series.createdBy,
            start_top: series.startTop,
            sample_length: series.sampleLength,
            spacing: series.spacing,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const items = series.sampleIds.map((sampleId, position) => ({
          series_id: row.id,
          sample_id: sampleId,
          position,
        }));
        if (items.length > 0) await trx.insertInto('sample_series_item').values(items).execute();
        return row.id;
      });
    },

    /** The series a sample belongs to, with all its samples; undefined when it belongs to none. */
    findBySample: (sampleId: number) => findBySample(db, sampleId),

    async remove(seriesId: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('sample_series_item').where('series_id', '=', seriesId).execute();
        await trx.deleteFrom('sample_series').where('id', '=', seriesId).execute();
      });
    },

    /**
     * The first table whose rows still point at one of the samples (a child record or an archive
     * file): one query per referencing column, whatever the number of samples.
     */
    async firstReferencing(references: readonly SampleReference[], sampleIds: readonly number[]) {
      if (sampleIds.length === 0) return undefined;
      for (const { table, column } of references) {
        const found = await sql<{ n: number }>`SELECT 1 AS n FROM ${sql.table(table)}
          WHERE ${sql.ref(column)} IN (${sql.join(sampleIds)}) LIMIT 1`.execute(db);
        if (found.rows.length > 0) return table;
      }
      return undefined;
    },
  };
}

export type SampleSeriesRepository = ReturnType<typeof createSampleSeriesRepository>;

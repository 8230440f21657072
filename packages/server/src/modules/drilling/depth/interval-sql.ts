import { type RawBuilder, sql } from 'kysely';
import type { ColumnSql, ParentRows } from '../../../engine/behaviors/behavior-registry';
import type { Dialect } from '../../../infra/db/dialect';
import { DRILLING_TABLES, asNumber, numberSql, recordColumn, roundSql } from './depth-sql';
import { sectionDepthSql } from './section-depths';

// The SQL of the depths of an interval on a section split (a sample, a lithology unit): per row
// (lists sort and filter by it), and per split for set-based writes of many rows (ColumnSql.perParent).

/** The stored columns of the interval in its table (cm from the split's top). */
export interface IntervalColumns {
  top: string;
  length: string;
}

/**
 * The interval's depths in SQL over the list's record: the section reached through the record's
 * split (NULL without one), the interval's top and bottom in cm, in metres from the section's mcd top.
 */
export function intervalSql(columns: IntervalColumns, dialect: Dialect) {
  const section = sectionDepthSql('s', dialect);
  const onSection = (value: RawBuilder<unknown>) => sql`(SELECT ${value} FROM ${sql.table(DRILLING_TABLES.split)} sp
    JOIN ${sql.table(DRILLING_TABLES.section)} s ON s.id = sp.section_id WHERE sp.id = ${recordColumn('section_split_id')})`;
  const top = sql`(CAST(${numberSql(recordColumn(columns.top))} AS DOUBLE PRECISION) / 100)`;
  const bottom = sql`(CAST(${numberSql(recordColumn(columns.top))} + ${numberSql(recordColumn(columns.length))} AS DOUBLE PRECISION) / 100)`;
  const at = (offset: RawBuilder<unknown>): ColumnSql =>
    asNumber(onSection(roundSql(sql`(${section.mcdTop} + ${offset})`, dialect)));
  return { top, bottom, at, scale: section.scale, onSplit: splitRows(dialect) };
}

/**
 * The section values `intervalSql` reads, once per split (ParentRows for a set-based write of many
 * rows): the same expressions, so the same values, as the per-row subqueries compute.
 */
function splitRows(dialect: Dialect): ParentRows {
  const section = sectionDepthSql('s', dialect);
  return {
    via: 'section_split_id',
    select: (keys) => sql`SELECT sp.id AS key, ${section.mcdTop} AS mcd_top, ${section.scale} AS scale
      FROM ${sql.table(DRILLING_TABLES.split)} sp JOIN ${sql.table(DRILLING_TABLES.section)} s ON s.id = sp.section_id
      WHERE sp.id IN (${keys})`,
  };
}

/** A depth over its split's section values (`splitRows`, aliased by the engine), rounded as `at` does. */
export function onSplit(
  column: ColumnSql,
  parent: ParentRows,
  offset: (split: (name: string) => RawBuilder<unknown>) => RawBuilder<unknown>,
  dialect: Dialect,
): ColumnSql {
  const value = (alias: string) => {
    const split = (name: string) => sql.ref(`${alias}.${name}`);
    return roundSql(sql`(${split('mcd_top')} + ${offset(split)})`, dialect);
  };
  return { ...column, perParent: { parent, value } };
}

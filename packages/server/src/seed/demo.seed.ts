import type { Dialect } from '../infra/db/dialect';
import type { Db } from '../infra/db/schema';
import { type DemoResult, generateDemoData } from './demo/demo-generator';

/** The size of the MDIS_SEED=demo dataset: big enough to page, filter and sort, seeded in seconds. */
export const DEMO_SAMPLES = 5000;

/**
 * MDIS_SEED=demo on a new database: the drilling demo dataset (2 programs, 3 expeditions, their
 * sites, holes, cores, sections, splits, core boxes, sample requests, persons and ~5k samples),
 * generated into the drilling tables the drilling-model seed has just created.
 */
export function seedDemoData(db: Db, dialect: Dialect): Promise<DemoResult> {
  return generateDemoData(db, dialect, { samples: DEMO_SAMPLES });
}

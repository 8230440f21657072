import { DEMO_AFFILIATIONS, DEMO_PERSONS, DEMO_PROGRAMS, type DemoExpedition, SITE_NAMES } from './demo-catalog';
import { addDays, type DemoContext, formatDate } from './demo-context';
import type { CombinedId } from './identifiers';
import { type Position, sitePosition } from './site-position';

export interface ExpeditionRef {
  id: number;
  code: string;
  combinedId: CombinedId;
  program: string;
  catalog: DemoExpedition;
  startMs: number;
}

export interface RequestRef {
  id: number;
  material: string | null;
  purpose: string | null;
}

export interface SiteRef {
  id: number;
  /** The site code (1, 2, ...). */
  site: string;
  combinedId: CombinedId;
  expedition: ExpeditionRef;
  /** Where the site lies: its holes are drilled around it. */
  position: Position;
}

const personName = (index: number) => {
  const person = DEMO_PERSONS[index % DEMO_PERSONS.length];
  return `${person.first} ${person.last}`;
};

export function writePersons(ctx: DemoContext): void {
  DEMO_PERSONS.forEach((person, index) => {
    ctx.writer.push('ContactPerson', {
      id: ctx.nextId('ContactPerson'),
      person_acronym: person.acronym,
      first_name: person.first,
      last_name: person.last,
      email: `${person.first}.${person.last}@example.org`.toLowerCase(),
      affiliation: DEMO_AFFILIATIONS[index % DEMO_AFFILIATIONS.length] ?? null,
      phone: `+49 331 555 ${String(100 + index)}`,
      role: ctx.values.one('ContactPerson', 'role', person.role),
    });
  });
}

/** `count` shelves in two halls of an invented core repository; returns their ids. */
export function writeStorage(ctx: DemoContext, count: number): number[] {
  return Array.from({ length: count }, (_, index) => {
    const id = ctx.nextId('CurationStorage');
    const hall = index % 2 === 0 ? 'A' : 'B';
    const rack = String(Math.floor(index / 2 / 6) + 1).padStart(2, '0');
    const shelf = String((Math.floor(index / 2) % 6) + 1);
    const storage = `CCS-${hall}-${rack}-${shelf}`;
    const row = {
      id,
      storage,
      building: 'Central Core Store',
      room: `Hall ${hall}`,
      shelf: `Rack ${rack}, shelf ${shelf}`,
    };
    ctx.writer.push('CurationStorage', { ...row, combined_id: ctx.combinedId('CurationStorage', undefined, row) });
    return id;
  });
}

export function writePrograms(ctx: DemoContext): number[] {
  return DEMO_PROGRAMS.map((program) => {
    const id = ctx.nextId('ProjectProgram');
    ctx.writer.push('ProjectProgram', { id, program: program.program, name: program.name, remarks: program.remarks });
    return id;
  });
}

export function writeExpedition(ctx: DemoContext, catalog: DemoExpedition, programIds: number[]): ExpeditionRef {
  const { values } = ctx;
  const id = ctx.nextId('ProjectExpedition');
  const startMs = Date.parse(`${catalog.startDate}T00:00:00Z`);
  const m = 'ProjectExpedition';
  const row = {
    id,
    program_id: programIds[catalog.program] ?? null,
    expedition: catalog.expedition,
    exp_name: catalog.name,
    exp_acronym: catalog.acronym,
    chief_scientists: values.many(m, 'chief_scientists', 2),
    contact: personName(id + 2),
    start_date: catalog.startDate,
    end_date: formatDate(addDays(startMs, 120)),
    objectives: catalog.objectives,
    keywords: catalog.keywords.filter((k) => values.all(m, 'keywords').includes(k)).join(';') || null,
    country: values.one(m, 'country', catalog.country),
    city: values.one(m, 'city', catalog.city),
    location_description: `Drilling area around ${catalog.latitude.toFixed(2)} N, ${catalog.longitude.toFixed(2)} E.`,
    geological_age: catalog.ages.filter((a) => values.all(m, 'geological_age').includes(a)).join(';') || null,
    rock_classification: values.many(m, 'rock_classification', 1),
    funding_agency: catalog.funding.filter((f) => values.all(m, 'funding_agency').includes(f)).join(';') || null,
    repository: values.one(m, 'repository', catalog.repository),
    repository_contact: personName(id),
  };
  // The program takes no part in combined ids: the expedition's is its own name.
  const combinedId = ctx.combinedId(m, undefined, row);
  ctx.writer.push(m, { ...row, combined_id: combinedId });
  const program = DEMO_PROGRAMS[catalog.program]?.program ?? 'ICDP';
  return { id, code: catalog.expedition, combinedId, program, catalog, startMs };
}

/**
 * Sample requests of an expedition (request_no 1..count, each its part A: a request and part name
 * what the Samples CSV widget downloads); samples link to them later.
 */
export const DEMO_REQUEST_PART = 'A';

export function writeRequests(
  ctx: DemoContext,
  expedition: ExpeditionRef,
  count: number,
  firstHole: CombinedId,
): RequestRef[] {
  const { random, values } = ctx;
  const m = 'CurationSampleRequest';
  return Array.from({ length: count }, (_, index) => {
    const id = ctx.nextId(m);
    const requestNo = index + 1;
    const material = values.one(m, 'sample_material', expedition.catalog.material);
    const purpose = values.many(m, 'purpose', random.int(1, 2));
    const submitted = addDays(expedition.startMs, random.int(0, 60));
    const completed = random.chance(0.6);
    const row = {
      id,
      expedition_id: expedition.id,
      request_combined_id: `${expedition.code}_SR-${String(requestNo)}`,
      request_no: requestNo,
      request_part: DEMO_REQUEST_PART,
      project_phase: values.one(m, 'project_phase'),
      scientist_1: personName(random.int(0, 9)),
      scientist_2: random.chance(0.4) ? personName(random.int(0, 9)) : null,
      purpose,
      destructive: random.chance(0.7) ? 1 : 0,
      sample_material: material,
      split_fraction_requested: random.pick([10, 25, 50]),
      number_samples: random.int(5, 60),
      sample_size: random.pick([5, 10, 20]),
      sample_size_unit: values.one(m, 'sample_size_unit', 'cm3'),
      curator: values.one(m, 'curator'),
      date_submission: formatDate(submitted),
      date_approval: formatDate(addDays(submitted, random.int(2, 14))),
      date_completion: completed ? formatDate(addDays(submitted, random.int(30, 200))) : null,
      approved_by: values.one(m, 'approved_by'),
      hole_combined_id: firstHole,
      comment: null,
    };
    ctx.writer.push(m, { ...row, combined_id: ctx.combinedId(m, expedition.combinedId, row) });
    return { id, material, purpose };
  });
}

export function writeSite(ctx: DemoContext, expedition: ExpeditionRef, site: number): SiteRef {
  const { values } = ctx;
  const id = ctx.nextId('ProjectSite');
  const m = 'ProjectSite';
  const position = sitePosition(expedition.catalog, site);
  const row = {
    id,
    expedition_id: expedition.id,
    site: String(site),
    site_name: `${expedition.catalog.acronym} ${SITE_NAMES[(site - 1) % SITE_NAMES.length] ?? ''} ${String(site)}`,
    type_drilling_location: values.one(m, 'type_drilling_location', expedition.catalog.locationType),
    description: `Site ${String(site)} of expedition ${expedition.catalog.acronym}.`,
    country: values.one(m, 'country', expedition.catalog.country),
    city: values.one(m, 'city', expedition.catalog.city),
    latitude_dec: position.latitude,
    longitude_dec: position.longitude,
    lithology: values.many(m, 'lithology', 1),
    geological_age:
      expedition.catalog.ages.filter((a) => values.all(m, 'geological_age').includes(a)).join(';') || null,
  };
  const combinedId = ctx.combinedId(m, expedition.combinedId, row);
  ctx.writer.push(m, { ...row, combined_id: combinedId });
  return { id, site: row.site, combinedId, expedition, position };
}

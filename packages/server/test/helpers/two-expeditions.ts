import { SESSION_COOKIE } from '@mdis/shared';
import { expect } from 'vitest';
import type { Dialect } from '../../src/infra/db/dialect';
import { type DrillingApp, startDrillingApp } from './drilling-app';
import { signedInUser } from './factories';

type Row = Record<string, unknown>;
export type Headers = Record<string, string>;

/** The kinds of caller every access test distinguishes (issue 16's eleven). */
export const USER_KINDS = [
  'anonymous',
  'noRole',
  'readOnly',
  'viewer',
  'operator',
  'administrator',
  'developer',
  'formView',
  'formEdit',
  'limitedView',
  'limitedEdit',
] as const;
export type UserKind = (typeof USER_KINDS)[number];

/** The form the form-only users hold a permission on; the expedition limited users are limited to. */
export const FORM_ONLY = 'sample';
export const OWN = '5065';
export const FOREIGN = '7002';

const USER_INPUT: Record<Exclude<UserKind, 'anonymous'>, { roles: string[]; permissions?: string[] }> = {
  noRole: { roles: [] },
  readOnly: { roles: ['readOnly'] },
  viewer: { roles: ['viewer'] },
  operator: { roles: ['operator'] },
  administrator: { roles: ['administrator'] },
  developer: { roles: ['developer'] },
  formView: { roles: [], permissions: [`form-${FORM_ONLY}:view`] },
  formEdit: { roles: [], permissions: [`form-${FORM_ONLY}:edit`] },
  limitedView: { roles: [], permissions: [`records:${OWN}:view`] },
  limitedEdit: { roles: [], permissions: [`records:${OWN}:edit`] },
};

export interface ExpeditionChain {
  expedition: Row;
  site: Row;
  hole: Row;
  core: Row;
  section: Row;
  split: Row;
  sample: Row;
  request: Row;
}

/** Expedition `code` → site 1 → hole A → core 1 → section 1 (with its WR split) → a sample; a sample request. */
async function expeditionChain(t: DrillingApp, programId: unknown, code: string, acronym: string) {
  const expedition = await t.create('expedition', {
    program_id: programId,
    expedition: code,
    exp_name: `Expedition ${acronym}`,
    exp_acronym: acronym,
    chief_scientists: ['AM'],
    contact: 'Anna Meyer',
    start_date: '2024-05-01',
  });
  const site = await t.create('site', { expedition_id: expedition.id, site: '1' });
  const hole = await t.create('hole', { site_id: site.id, hole: 'A', start_date: '2024-05-02' });
  const core = await t.create('core', {
    hole_id: hole.id,
    core: 1,
    core_ondeck: '2024-05-03T10:00:00Z',
    drillers_top_depth: 10,
    drilled_length: 3,
    core_recovery: 2.5,
    core_type: 'R',
  });
  const section = await t.create('section', { core_id: core.id, section: 1, section_length: 1.2, curated_length: 1.2 });
  const splits = await t.app.inject({
    method: 'GET',
    url: `/api/v1/form?name=split&filter[section_id]==${String(section.id)}`,
    headers: t.admin,
  });
  const split = splits.json<{ items: Row[] }>().items[0];
  expect(split, splits.body).toBeDefined();
  const request = await t.create('sample-request', { expedition_id: expedition.id, request_part: 'A' });
  const sample = await t.create('sample', {
    section_split_id: split.id,
    top: 10,
    sample_length: 5,
    sample_material: 'rock',
    sample_request_id: request.id,
  });
  return { expedition, site, hole, core, section, split, sample, request };
}

/**
 * The seeded drilling model with two expeditions, 5065 (GRIND) and 7002 (OTHER), each a whole
 * chain down to a sample and a sample request, a contact person, and one signed-in user of each
 * kind (anonymous: no headers). Made once per test file: it is the slow part.
 */
export async function startTwoExpeditions(dialect: Dialect) {
  const t = await startDrillingApp(dialect);
  const program = await t.create('program', { program: 'ICDP', name: 'International Continental Drilling Program' });
  const own = await expeditionChain(t, program.id, OWN, 'GRIND');
  const foreign = await expeditionChain(t, program.id, FOREIGN, 'OTHER');
  const person = await t.create('person', { person_acronym: 'AM', email: 'anna@example.org' });
  const users = { anonymous: {} } as Record<UserKind, Headers>;
  for (const [kind, input] of Object.entries(USER_INPUT)) {
    const signed = await signedInUser(t.app, t.database.db, { ...input, roles: input.roles as never });
    users[kind as UserKind] = signed.headers;
  }
  return {
    ...t,
    program,
    own,
    foreign,
    person,
    users,
    /** The session cookie instead of the header (what a browser sends when it opens a URL). */
    cookie: (headers: Headers): Headers =>
      headers.authorization ? { cookie: `${SESSION_COOKIE}=${headers.authorization.replace(/^Bearer /, '')}` } : {},
  };
}

export type TwoExpeditions = Awaited<ReturnType<typeof startTwoExpeditions>>;

import { addDays, type DemoContext, formatDate, formatDateTime, metres } from './demo-context';
import type { CombinedId, IgsnScope } from './identifiers';
import type { RequestRef, SiteRef } from './project-rows';
import { writeSections } from './section-rows';
import { holePosition } from './site-position';

export interface HolePlan {
  site: SiteRef;
  /** Hole letter (A, B, ...). */
  hole: string;
  /** Position of the hole in its expedition: spreads coordinates and start dates. */
  index: number;
  cores: number;
  requests: readonly RequestRef[];
  storageIds: readonly number[];
}

/** Samples still to generate: the dataset stops at exactly the number asked for. */
export interface SampleBudget {
  remaining: number;
}

/** What the rows below a hole need to know about it. */
export interface HoleScope {
  id: number;
  combinedId: CombinedId;
  /** The codes an IGSN below the hole is made of. */
  igsn: IgsnScope;
  requests: readonly RequestRef[];
  boxes: CoreboxFiller;
}

const SLOTS_PER_BOX = 3;
const MINUTE_MS = 60_000;

export interface CoreboxFiller {
  /** The box and slot for the next split of a shelf line: 'archive' (A, WR) or 'working' (W). */
  place(line: 'archive' | 'working'): { id: number; name: string; slot: number };
}

function createCoreboxFiller(
  ctx: DemoContext,
  holeId: number,
  holeCombinedId: CombinedId,
  storageIds: readonly number[],
) {
  let boxes = 0;
  const open = new Map<string, { id: number; name: string; used: number }>();
  const openBox = () => {
    const id = ctx.nextId('CurationCorebox');
    const name = String(++boxes).padStart(3, '0');
    const row = {
      id,
      hole_id: holeId,
      corebox: name,
      // Reference §1: hole combined_id + '_CB' + corebox, set on save.
      corebox_combined_id: holeCombinedId === null ? null : `${holeCombinedId}_CB${name}`,
      // 40 boxes per shelf, shelves used in turn.
      storage_id: storageIds[Math.floor(id / 40) % storageIds.length] ?? null,
    };
    ctx.writer.push('CurationCorebox', { ...row, combined_id: ctx.combinedId('CurationCorebox', holeCombinedId, row) });
    return { id, name, used: 0 };
  };
  return {
    place(line: 'archive' | 'working') {
      let box = open.get(line);
      if (!box || box.used === SLOTS_PER_BOX) open.set(line, (box = openBox()));
      box.used += 1;
      return { id: box.id, name: box.name, slot: box.used };
    },
  } satisfies CoreboxFiller;
}

interface CoreState {
  topCm: number;
  timeMs: number;
}

function writeCore(ctx: DemoContext, scope: HoleScope, core: number, state: CoreState, budget: SampleBudget) {
  const { random, values } = ctx;
  const m = 'CoreCore';
  const id = ctx.nextId(m);
  const combinedId = ctx.combinedId(m, scope.combinedId, { core });
  const drilledCm = random.int(150, 300);
  const lossy = random.chance(0.15);
  // Recovery never exceeds the drilled length; a lossy core names why.
  const recoveredCm = Math.round(drilledCm * (lossy ? 0.55 + random.next() * 0.3 : 0.9 + random.next() * 0.1));
  const sections = writeSections(ctx, { scope, coreId: id, coreCombinedId: combinedId, recoveredCm, budget, state });
  ctx.writer.push(m, {
    id,
    hole_id: scope.id,
    combined_id: combinedId,
    core,
    igsn: ctx.issueIgsn(m, id, scope.igsn),
    core_ondeck: formatDateTime(state.timeMs),
    drillers_top_depth: metres(state.topCm),
    drilled_length: metres(drilledCm),
    bit_size: values.one(m, 'bit_size', 'HQ'),
    fluid_type: values.one(m, 'fluid_type', 'WATER'),
    core_loss_reason: lossy ? values.one(m, 'core_loss_reason') : null,
    core_type: values.one(m, 'core_type', random.chance(0.8) ? 'H' : 'R'),
    continuity: values.one(m, 'continuity', lossy ? 'FRAG' : 'CONT'),
    curator: values.one(m, 'curator'),
    barrel_length: 3,
    core_recovery: metres(recoveredCm),
    core_oriented: random.chance(0.2) ? 1 : 0,
    core_diameter: 63.5,
    section_count: sections,
  });
  // The next core starts where this one ended: contiguous drilling.
  state.topCm += drilledCm;
  state.timeMs += random.int(45, 150) * MINUTE_MS;
}

/** A hole with its cores, sections, splits, samples and core boxes. */
export function writeHole(ctx: DemoContext, plan: HolePlan, budget: SampleBudget): void {
  const { random, values } = ctx;
  const { expedition } = plan.site;
  const { catalog } = expedition;
  const m = 'ProjectHole';
  const id = ctx.nextId(m);
  const combinedId = ctx.combinedId(m, plan.site.combinedId, { hole: plan.hole });
  const lake = catalog.waterDepth > 0;
  const waterDepth = lake ? catalog.waterDepth + random.int(-8, 8) : 0;
  const referenceHeight = lake ? 1.5 : random.int(30, 80) / 10;
  const startMs = addDays(expedition.startMs, plan.index * 9);
  // Land holes are drilled open (uncored) for the first metres.
  const state = {
    topCm: Math.round((referenceHeight + waterDepth) * 100) + (lake ? 0 : random.int(0, 2000)),
    timeMs: startMs,
  };
  const boxes = createCoreboxFiller(ctx, id, combinedId, plan.storageIds);
  const igsn = { program: expedition.program, expedition: expedition.code, site: plan.site.site, hole: plan.hole };
  const scope: HoleScope = {
    id,
    combinedId,
    igsn,
    requests: plan.requests,
    boxes,
  };
  for (let core = 1; core <= plan.cores; core++) writeCore(ctx, scope, core, state, budget);
  ctx.writer.push(m, {
    id,
    site_id: plan.site.id,
    combined_id: combinedId,
    hole: plan.hole,
    hole_name: `${catalog.acronym}-${plan.site.site}${plan.hole}`,
    igsn: ctx.issueIgsn(m, id, igsn),
    drilling_method: catalog.methods.filter((x) => values.all(m, 'drilling_method').includes(x)).join(';') || null,
    methods_in_hole: values.many(m, 'methods_in_hole', 3),
    gear: values.many(m, 'gear', 2),
    repository_name: values.one(m, 'repository_name', catalog.repository),
    depth_water: waterDepth,
    drillers_reference_height: referenceHeight,
    // Drawn in the row's order: placing holes by their site takes nothing extra from the random stream.
    ...holePosition(plan.site.position, random.next(), random.next()),
    elevation: catalog.elevation + random.int(-3, 3),
    spatial_reference_system: values.one(m, 'spatial_reference_system', 'EPSG:4326'),
    inclination: 90,
    platform_name: `${catalog.acronym} ${lake ? 'barge' : 'rig'}`,
    platform_operator: 'Demo Drilling Services',
    platform_type: values.one(m, 'platform_type', catalog.platform),
    start_date: formatDate(startMs),
    end_date: formatDate(state.timeMs),
    comment: null,
  });
}

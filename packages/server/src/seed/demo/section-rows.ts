import { addDays, type DemoContext, formatDate, metres } from './demo-context';
import type { HoleScope, SampleBudget } from './hole-rows';
import type { CombinedId } from './identifiers';

/** A section is at most 1.5 m long (the liner is cut into pieces that fit a core box). */
const MAX_SECTION_CM = 150;
/** Most sections are split into an archive (A) and a working (W) half; the rest stay whole (WR). */
const SPLIT_SHARE = 0.85;

export interface CoreInput {
  scope: HoleScope;
  coreId: number;
  coreCombinedId: CombinedId;
  recoveredCm: number;
  budget: SampleBudget;
  state: { timeMs: number };
}

/** Lengths in whole centimetres that add up to exactly `totalCm`. */
export function sectionLengths(totalCm: number): number[] {
  const count = Math.max(1, Math.ceil(totalCm / MAX_SECTION_CM));
  const base = Math.floor(totalCm / count);
  return Array.from({ length: count }, (_, i) => base + (i < totalCm % count ? 1 : 0));
}

interface SplitInput {
  core: CoreInput;
  sectionId: number;
  sectionCombinedId: CombinedId;
  type: 'WR' | 'A' | 'W';
  originId: number | null;
  split: boolean;
}

function writeSplit(ctx: DemoContext, input: SplitInput): { id: number; combinedId: CombinedId } {
  const { scope } = input.core;
  const m = 'CurationSectionSplit';
  const id = ctx.nextId(m);
  // The whole round of a split section no longer exists: only its halves go into boxes.
  const exists = input.type !== 'WR' || !input.split;
  const box = exists ? scope.boxes.place(input.type === 'W' ? 'working' : 'archive') : undefined;
  const type = ctx.values.one(m, 'type', input.type);
  const combinedId = ctx.combinedId(m, input.sectionCombinedId, { type });
  ctx.writer.push(m, {
    id,
    section_id: input.sectionId,
    combined_id: combinedId,
    type,
    origin_split_id: input.originId,
    igsn: ctx.issueIgsn(m, id, scope.igsn),
    curator: ctx.values.one(m, 'curator'),
    still_exists: exists ? 1 : 0,
    sampleable: input.type === 'W' ? 1 : 0,
    measurement_exists: input.type === 'WR' ? 1 : 0,
    percent: input.type === 'WR' ? 100 : 50,
    corebox_id: box?.id ?? null,
    corebox_name: box?.name ?? null,
    corebox_slot: box?.slot ?? null,
  });
  return { id, combinedId };
}

/** Samples spread along a working half, none longer than its slot, all inside the section. */
function writeSamples(
  ctx: DemoContext,
  core: CoreInput,
  split: { id: number; combinedId: CombinedId },
  lengthCm: number,
) {
  const { random, values } = ctx;
  const m = 'CurationSample';
  const count = Math.min(core.budget.remaining, Math.floor(lengthCm / 12), random.chance(0.1) ? 0 : random.int(2, 8));
  if (count <= 0) return;
  const slot = Math.floor(lengthCm / count);
  for (let i = 0; i < count; i++) {
    const id = ctx.nextId(m);
    const length = random.int(2, Math.min(10, slot - 1));
    const request = core.scope.requests.length > 0 && random.chance(0.5) ? random.pick(core.scope.requests) : undefined;
    ctx.writer.push(m, {
      id,
      section_split_id: split.id,
      sample_request_id: request?.id ?? null,
      combined_id: ctx.combinedId(m, split.combinedId, { id }),
      igsn: ctx.issueIgsn(m, id, core.scope.igsn),
      sample_date: formatDate(addDays(core.state.timeMs, random.int(20, 200))),
      top: i * slot + random.int(0, slot - length),
      sample_length: length,
      split_fraction_taken: random.pick([25, 50, 100]),
      sample_size: random.pick([2, 5, 10, 20]),
      sample_size_unit: values.one(m, 'sample_size_unit', 'cm3'),
      sample_material: request?.material ?? values.one(m, 'sample_material'),
      curator: values.one(m, 'curator'),
      purpose: request?.purpose ?? values.many(m, 'purpose', random.int(1, 2)),
    });
  }
  core.budget.remaining -= count;
}

/** The sections of a core (lengths adding up to its recovery) with their splits; returns their number. */
export function writeSections(ctx: DemoContext, core: CoreInput): number {
  const { random, values } = ctx;
  const m = 'CoreSection';
  const lengths = sectionLengths(core.recoveredCm);
  lengths.forEach((lengthCm, index) => {
    const id = ctx.nextId(m);
    const section = index + 1;
    const combinedId = ctx.combinedId(m, core.coreCombinedId, { section });
    ctx.writer.push(m, {
      id,
      core_id: core.coreId,
      combined_id: combinedId,
      section,
      section_length: metres(lengthCm),
      curated_length: metres(lengthCm),
      core_catcher: 0,
      section_condition: values.one(m, 'section_condition', random.chance(0.8) ? 'INTACT' : 'FRAC'),
      mcd_offset: 0,
      curator: values.one(m, 'curator'),
    });
    const split = random.chance(SPLIT_SHARE);
    const base = { core, sectionId: id, sectionCombinedId: combinedId, split };
    const wholeRound = writeSplit(ctx, { ...base, type: 'WR', originId: null });
    if (!split) return;
    writeSplit(ctx, { ...base, type: 'A', originId: wholeRound.id });
    const working = writeSplit(ctx, { ...base, type: 'W', originId: wholeRound.id });
    writeSamples(ctx, core, working, lengthCm);
  });
  return lengths.length;
}

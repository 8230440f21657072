import { performance } from 'node:perf_hooks';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import type { RouteEntry } from '../route-table';
import { type AppFacts, hintsFor, targetsOf } from './app-hints';
import { changesBetween, type ChangeWatch, type Snapshot } from './change-watch';
import { type FuzzRequest, requestArbitrary } from './fuzz-request';

export type ActorName = 'administrator' | 'viewer' | 'anonymous' | 'bad-token';

export interface FuzzContext {
  app: FastifyInstance;
  /** Tells whether a request changed the database or the storage. */
  watch: ChangeWatch;
  facts: AppFacts;
  /** Headers per actor; `relogin` renews one whose token a fuzzed request revoked. */
  actors: Record<ActorName, Record<string, string>>;
  relogin(actor: ActorName): Promise<void>;
}

export interface Finding {
  kind: '5xx' | 'changed-on-reject' | 'slow';
  route: string;
  status: number;
  detail: string;
  request: string;
}

export interface FuzzStats {
  cases: number;
  byClass: Record<string, number>;
  fiveXx: number;
  findings: Finding[];
  /** `METHOD url` → status → count (printed with MDIS_FUZZ_VERBOSE=1: which routes the fuzz gets through). */
  perRoute: Record<string, Record<number, number>>;
}

/**
 * A request this slow is a finding. Generous: it is wall time on a shared CI machine, database waits
 * included; the event-loop bound of issue 16 (a few hundred ms) is the regex branch's test.
 */
const SLOW_MS = 5000;

export function emptyStats(): FuzzStats {
  return { cases: 0, byClass: {}, fiveXx: 0, findings: [], perRoute: {} };
}

function describeRequest(request: FuzzRequest, actor: ActorName): string {
  const payload = request.payload
    ? ` body(${request.body}, ${request.payload.length} B): ${request.payload.subarray(0, 160).toString('latin1')}`
    : '';
  return `${actor} ${request.method} ${request.url.slice(0, 300)}${payload}`;
}

// The administrator reaches everything, so it carries most cases; the others check the refusals.
const actorArbitrary = (route: RouteEntry): fc.Arbitrary<ActorName> =>
  // Logging out would revoke the fuzzing administrator's own token halfway through.
  route.url === '/api/v1/auth/logout'
    ? fc.constantFrom('anonymous', 'bad-token')
    : fc.oneof(
        { weight: 14, arbitrary: fc.constant('administrator' as const) },
        { weight: 3, arbitrary: fc.constant('viewer' as const) },
        { weight: 2, arbitrary: fc.constant('anonymous' as const) },
        { weight: 1, arbitrary: fc.constant('bad-token' as const) },
      );

function routeArbitrary(route: RouteEntry, facts: AppFacts) {
  const targets = targetsOf(route, facts);
  const request = targets?.length
    ? fc.constantFrom(...targets).chain((target) => requestArbitrary(route, hintsFor(route, facts, target)))
    : requestArbitrary(route, hintsFor(route, facts));
  return fc.tuple(request, actorArbitrary(route));
}

const count = (counts: Record<string | number, number>, key: string | number) => {
  counts[key] = (counts[key] ?? 0) + 1;
};

interface Outcome {
  request: FuzzRequest;
  actor: ActorName;
  status: number;
  body: string;
  elapsed: number;
  before: Snapshot;
}

/** Judges one answer; returns whether the data may have changed (the next case needs a new snapshot). */
async function judge(ctx: FuzzContext, stats: FuzzStats, outcome: Outcome): Promise<boolean> {
  const { request, actor, status } = outcome;
  const route = `${request.route.method} ${request.route.url}`;
  const finding = (kind: Finding['kind'], detail: string) =>
    stats.findings.push({ kind, route, status, detail, request: describeRequest(request, actor) });
  stats.cases += 1;
  count(stats.byClass, `${String(status).charAt(0)}xx`);
  count((stats.perRoute[route] ??= {}), status);
  if (outcome.elapsed > SLOW_MS) finding('slow', `${Math.round(outcome.elapsed)} ms`);
  if (status >= 500) {
    stats.fiveXx += 1;
    finding('5xx', outcome.body.slice(0, 300));
    return true;
  }
  if (status < 400) return true;
  if (status === 401 && (actor === 'administrator' || actor === 'viewer')) await ctx.relogin(actor);
  const changes = changesBetween(outcome.before, await ctx.watch.snapshot());
  if (changes.length === 0) return false;
  finding('changed-on-reject', changes.join(', '));
  return true;
}

/** Sends `runs` generated requests to one route and records what broke the rules into `stats`. */
export async function fuzzRoute(ctx: FuzzContext, route: RouteEntry, runs: number, seed: number, stats: FuzzStats) {
  let before: Snapshot | undefined;
  await fc.assert(
    fc.asyncProperty(routeArbitrary(route, ctx.facts), async ([generated, actor]) => {
      const { contentType, ...rest } = generated;
      const headers = { ...ctx.actors[actor], ...(contentType ? { 'content-type': contentType } : {}) };
      const request: FuzzRequest = { ...rest, headers };
      if (!before) {
        await ctx.watch.prepare();
        before = await ctx.watch.snapshot();
      }
      const started = performance.now();
      const response = await ctx.app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers,
        ...(request.payload ? { payload: request.payload } : {}),
      });
      const elapsed = performance.now() - started;
      const outcome = { request, actor, status: response.statusCode, body: response.body, elapsed, before };
      if (await judge(ctx, stats, outcome)) before = undefined;
      return true;
    }),
    { numRuns: runs, seed, endOnFailure: true },
  );
}

/** The routes to fuzz, in an order that keeps the data around longest: reads, writes, deletes, templates. */
export function fuzzOrder(routes: readonly RouteEntry[]): RouteEntry[] {
  const rank = (route: RouteEntry) =>
    (route.url.startsWith('/cg/api') && route.method !== 'GET' ? 3 : 0) +
    (route.method === 'DELETE' ? 2 : ['POST', 'PUT', 'PATCH'].includes(route.method) ? 1 : 0);
  return routes.filter((route) => !route.autoHead).sort((a, b) => rank(a) - rank(b));
}

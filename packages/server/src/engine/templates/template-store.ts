import { AsyncLocalStorage } from 'node:async_hooks';
import { AppError, parseFormTemplate, parseModelTemplate, type FormTemplate, type ModelTemplate } from '@mdis/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { schemaChanged } from '../../infra/db/named-statements';
import type { Db } from '../../infra/db/schema';
import {
  createTemplatesRepository,
  type SyncState,
  type TemplateKind,
  type TemplateRow,
  type TemplatesRepository,
} from './templates.repository';

/** A stored template with what the store knows about it beyond the JSON. */
export interface StoredTemplate<T> {
  template: T;
  version: number;
  /** The template version the table was last built from (models), null when never built. */
  appliedVersion: number | null;
  /** ISO time of the last schema sync, null when never built. */
  appliedAt: string | null;
}

export interface SaveOptions {
  /** Keep createdAt/modifiedAt of the given template (imports); otherwise modifiedAt = now. */
  keepTimestamps?: boolean;
}

export interface TemplateStore {
  getModel(fullName: string): Promise<ModelTemplate | undefined>;
  getForm(name: string): Promise<FormTemplate | undefined>;
  /** Like getModel/getForm, but a 404 AppError ('model not found' / 'form not found') when absent. */
  requireModel(fullName: string): Promise<ModelTemplate>;
  requireForm(name: string): Promise<FormTemplate>;
  /** Copies of the models (only those `which` accepts: the others are not copied). */
  listModels(which?: (model: ModelTemplate) => boolean): Promise<ModelTemplate[]>;
  listForms(which?: (form: FormTemplate) => boolean): Promise<FormTemplate[]>;
  /**
   * A value derived from the templates (e.g. a parsed record model), computed once per store
   * revision and shared by every caller until a template changes: callers must not change it.
   */
  derive<T>(key: string, compute: () => Promise<T>): Promise<T>;
  /** The store revision (read once per request scope): it grows with every change of a template or generated file. */
  revision(): Promise<number>;
  /** The forms whose dataModel is the given model, sorted by name. */
  formsOfModel(fullName: string): Promise<FormTemplate[]>;
  describeModels(): Promise<StoredTemplate<ModelTemplate>[]>;
  describeForms(): Promise<StoredTemplate<FormTemplate>[]>;
  saveModel(template: ModelTemplate, options?: SaveOptions): Promise<ModelTemplate>;
  saveForm(template: FormTemplate, options?: SaveOptions): Promise<FormTemplate>;
  deleteModel(fullName: string): Promise<boolean>;
  deleteForm(name: string): Promise<boolean>;
  /** Removes a model and forms (or any templates) all together. */
  deleteTemplates(items: readonly { kind: TemplateKind; name: string }[]): Promise<void>;
  syncState(fullName: string): Promise<SyncState | undefined>;
  repository: TemplatesRepository;
}

interface Cache<T> {
  revision: number;
  entries: Map<string, StoredTemplate<T>>;
}

const toSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);
const fromSeconds = (seconds: number) => new Date(seconds * 1000).toISOString();

function describe<T>(row: TemplateRow, parse: (json: unknown) => T): StoredTemplate<T> {
  return {
    template: parse(row.data),
    version: row.version,
    appliedVersion: row.applied_version,
    appliedAt: row.applied_at,
  };
}

function found<T>(value: T | undefined, message: string): T {
  if (value === undefined) throw new AppError('NOT_FOUND', message);
  return value;
}

interface Timestamps {
  createdAt?: number | null | undefined;
  modifiedAt?: number | null | undefined;
  generatedAt?: number | null | undefined;
}

interface SaveInput<T> {
  kind: TemplateKind;
  name: string;
  module: string;
  template: T;
  existing: T | undefined;
}

/** Sets the timestamps as the original does (modifiedAt = now unless importing) and stores. */
async function saveTemplate<T extends Timestamps>(
  repository: TemplatesRepository,
  nowSeconds: number,
  input: SaveInput<T>,
  options: SaveOptions,
): Promise<T> {
  const { template, existing } = input;
  const stored = structuredClone(template);
  stored.createdAt =
    (options.keepTimestamps ? template.createdAt : existing?.createdAt) ?? template.createdAt ?? nowSeconds;
  stored.modifiedAt = options.keepTimestamps ? (template.modifiedAt ?? nowSeconds) : nowSeconds;
  stored.generatedAt = template.generatedAt ?? null;
  await repository.upsert({
    kind: input.kind,
    name: input.name,
    module: input.module,
    data: JSON.stringify(stored),
    createdAt: fromSeconds(stored.createdAt),
    modifiedAt: fromSeconds(stored.modifiedAt),
    generatedAt: stored.generatedAt == null ? null : fromSeconds(stored.generatedAt),
  });
  return stored;
}

/**
 * One HTTP request (or any other unit of work run in it): the store revision each repository
 * read in it, so that the 4-5 template lookups of a request cost one revision read. Only memory
 * of the request itself: nothing outlives it, so instances stay stateless and a template changed on
 * another instance counts from the next request (docs/decisions.md; DESIGN §2).
 */
interface TemplateScope {
  revisions: Map<TemplatesRepository, Promise<number>>;
  /**
   * The revision the access check read together with the token (request.templateRevision): the
   * first lookup of the request takes it instead of asking the database again. Used once.
   */
  revisionReadWithToken?: number | undefined;
}

/** What the access check leaves on the request (declared in infra/auth/access-control.ts). */
interface ReadWithToken {
  templateRevision?: number | undefined;
}

const templateScope = new AsyncLocalStorage<TemplateScope>();
const requestScopes = new WeakMap<FastifyRequest, TemplateScope>();

/** Runs `fn` in a fresh template scope: the store revision is read at most once inside it. */
export function runInTemplateScope<R>(fn: () => R): R {
  return templateScope.run({ revisions: new Map() }, fn);
}

/**
 * Runs `fn` in the current template scope, or in a fresh one outside any: for work that opens a
 * transaction and looks templates up inside it (an import), whose every lookup outside a scope would
 * read the revision beside the transaction (on SQLite: waiting forever for the one connection).
 */
export function withTemplateScope<R>(fn: () => R): R {
  return templateScope.getStore() ? fn() : runInTemplateScope(fn);
}

/**
 * Gives every HTTP request its own template scope. Reading a request body leaves the async
 * context the hook entered (the stream's events come from the socket), so preValidation, which
 * runs after the body is parsed, enters the same scope again.
 */
export function registerTemplateScope(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const scope: TemplateScope = { revisions: new Map() };
    requestScopes.set(request, scope);
    templateScope.run(scope, done);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const scope = requestScopes.get(request);
    if (!scope) {
      done();
      return;
    }
    // The access check (an onRequest hook, so before this one) read it with the token.
    if (scope.revisions.size === 0) scope.revisionReadWithToken = (request as ReadWithToken).templateRevision;
    templateScope.run(scope, done);
  });
}

/** The store revision: once per scope, on every call outside one (tests, scripts). */
function scopedRevision(repository: TemplatesRepository): Promise<number> {
  const scope = templateScope.getStore();
  if (!scope) return repository.revision();
  let revision = scope.revisions.get(repository);
  if (revision === undefined) {
    const known = scope.revisionReadWithToken;
    scope.revisionReadWithToken = undefined;
    revision = known === undefined ? repository.revision() : Promise.resolve(known);
    scope.revisions.set(repository, revision);
    // A failed read is not kept: the next lookup tries again.
    revision.catch(() => scope.revisions.delete(repository));
  }
  return revision;
}

/** After a change: the scope reads the (bumped) revision again, so a request sees its own writes. */
async function changing<R>(write: Promise<R>): Promise<R> {
  try {
    return await write;
  } finally {
    const scope = templateScope.getStore();
    scope?.revisions.clear();
    if (scope) scope.revisionReadWithToken = undefined;
  }
}

/** Parsed templates of one kind, reloaded only when the store revision has changed. */
function createTemplateCache(repository: TemplatesRepository) {
  const caches: { model?: Cache<ModelTemplate>; form?: Cache<FormTemplate> } = {};
  async function load<T>(kind: TemplateKind, parse: (json: unknown) => T): Promise<Map<string, StoredTemplate<T>>> {
    const revision = await scopedRevision(repository);
    const cached = caches[kind] as Cache<T> | undefined;
    if (cached?.revision === revision) return cached.entries;
    // Another instance's schema sync bumps the revision with its DDL: our prepared plans may be stale.
    if (cached && kind === 'model') schemaChanged();
    const rows = await repository.list(kind);
    const entries = new Map(rows.map((row) => [row.name, describe(row, parse)]));
    (caches as Record<TemplateKind, Cache<T>>)[kind] = { revision, entries };
    return entries;
  }
  return { models: () => load('model', parseModelTemplate), forms: () => load('form', parseFormTemplate) };
}

/**
 * Model and form templates in the database. Parsed templates are cached per instance and reused
 * while the store revision (one indexed single-row read) is unchanged, so several instances stay
 * consistent without any shared memory. Inside a template scope (one per HTTP request, see
 * registerTemplateScope) the revision is read once. Callers get copies and may change them freely.
 */
export function createTemplateStore(db: Db, clock: () => Date = () => new Date()): TemplateStore {
  const repository = createTemplatesRepository(db);
  const { models, forms } = createTemplateCache(repository);
  const nowSeconds = () => Math.floor(clock().getTime() / 1000);
  const copy = <T>(value: T): T => structuredClone(value);
  const copyOf = <T>(entry: StoredTemplate<T> | undefined) => entry && copy(entry.template);
  let derived = { revision: Number.NaN, values: new Map<string, Promise<unknown>>() };

  const store: TemplateStore = {
    repository,
    getModel: async (fullName) => copyOf((await models()).get(fullName)),
    getForm: async (name) => copyOf((await forms()).get(name)),
    requireModel: async (fullName) => found(await store.getModel(fullName), 'model not found'),
    requireForm: async (name) => found(await store.getForm(name), 'form not found'),
    // Filtered before copying: a request asking for one model's forms must not pay for copying all of them.
    listModels: async (which = () => true) =>
      [...(await models()).values()].filter((e) => which(e.template)).map((e) => copy(e.template)),
    listForms: async (which = () => true) =>
      [...(await forms()).values()].filter((e) => which(e.template)).map((e) => copy(e.template)),
    formsOfModel: (fullName) => store.listForms((f) => f.dataModel === fullName),
    revision: () => scopedRevision(repository),
    async derive<T>(key: string, compute: () => Promise<T>): Promise<T> {
      const revision = await scopedRevision(repository);
      if (derived.revision !== revision) derived = { revision, values: new Map() };
      const { values } = derived;
      let value = values.get(key) as Promise<T> | undefined;
      if (!value) {
        value = compute();
        values.set(key, value);
        // A failure (a missing model) is not remembered: the next call tries again.
        value.catch(() => values.delete(key));
      }
      return value;
    },
    async describeModels() {
      return [...(await models()).values()].map(copy);
    },
    async describeForms() {
      return [...(await forms()).values()].map(copy);
    },
    async saveModel(template, options = {}) {
      const parsed = parseModelTemplate(template);
      const existing = await store.getModel(parsed.fullName);
      const input = {
        kind: 'model' as const,
        name: parsed.fullName,
        module: parsed.module,
        template: parsed,
        existing,
      };
      return changing(saveTemplate(repository, nowSeconds(), input, options));
    },
    async saveForm(template, options = {}) {
      const parsed = parseFormTemplate(template);
      const existing = await store.getForm(parsed.name);
      const model = await store.getModel(parsed.dataModel);
      const input = {
        kind: 'form' as const,
        name: parsed.name,
        module: model?.module ?? '',
        template: parsed,
        existing,
      };
      return changing(saveTemplate(repository, nowSeconds(), input, options));
    },
    deleteModel: (fullName) => changing(repository.remove('model', fullName)),
    deleteForm: (name) => changing(repository.remove('form', name)),
    deleteTemplates: (items) => changing(repository.removeAll(items)),
    syncState: (fullName) => repository.syncState(fullName),
  };
  return store;
}

export { toSeconds as isoToUnixSeconds, fromSeconds as unixSecondsToIso };

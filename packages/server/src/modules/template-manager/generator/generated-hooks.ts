import { validationError } from '@mdis/shared';
import type {
  BehaviorContext,
  BehaviorDefinition,
  BehaviorHookName,
  BehaviorHooks,
  BehaviorSource,
} from '../../../engine/behaviors/behavior-registry';
import type { TemplateStore } from '../../../engine/templates/template-store';
import { sha256Of, type GeneratedFileHead, type GeneratedFilesRepository } from './generated-files.repository';

/** The hook modules the code generator writes: `hooks/{FullName}.hooks.mjs`. */
const HOOK_PATH = /^hooks\/([A-Z][A-Za-z0-9]*)\.hooks\.mjs$/;
const HOOK_NAMES: readonly BehaviorHookName[] = [
  'defaults',
  'beforeCreate',
  'beforeUpdate',
  'afterCreate',
  'afterUpdate',
  'beforeDelete',
];

/** The behavior name a model's generated hooks are registered under. */
export const generatedBehaviorName = (fullName: string) => `Generated:${fullName}`;

interface Log {
  info(message: string): void;
  warn(message: string): void;
  error(object: object, message: string): void;
}

/** What a generated hook receives: the behavior context plus `refuse`, so the module needs no import. */
export type GeneratedHookContext = BehaviorContext & { refuse: (field: string, message: string) => never };
type GeneratedHook = (context: GeneratedHookContext) => Promise<void> | void;

const refuse = (field: string, message: string): never => {
  throw validationError([{ field, message }]);
};

/** The known hooks a module exports as `hooks` (or as its default export), wrapped to receive `refuse`. */
function hooksOf(module: Record<string, unknown>): BehaviorHooks {
  const exported: unknown = module.hooks ?? module.default;
  if (typeof exported !== 'object' || exported === null) throw new Error('it exports no `hooks` object');
  const hooks: BehaviorHooks = {};
  for (const name of HOOK_NAMES) {
    const hook = (exported as Record<string, unknown>)[name];
    if (typeof hook === 'function')
      hooks[name] = (context) => (hook as GeneratedHook).call(exported, { ...context, refuse });
  }
  return hooks;
}

/**
 * Node keeps every imported module until the process ends. Versions are imported by content (a
 * data: URL), so each distinct content costs one module, whatever the number of requests or
 * instances; only a developer's edits add new ones. Past this many a line in the log says that a
 * restart frees them.
 */
export const MODULE_WARNING_THRESHOLD = 200;

/**
 * A BehaviorSource over `load`, loaded again whenever the revision differs from the one loaded
 * (compared for equality, as the template cache does: a database restored from a backup counts
 * too). Of loads running at once the one started last wins, and refreshes of one revision share
 * one load; a failed load is not kept (the next refresh tries again).
 */
function loadedByRevision(
  revisionNow: () => Promise<number>,
  load: () => Promise<ReadonlyMap<string, BehaviorDefinition>>,
): BehaviorSource {
  let latest: { revision: number; started: number; behaviors: ReadonlyMap<string, BehaviorDefinition> } | undefined;
  let loading: { revision: number; done: Promise<void> } | undefined;
  let starts = 0;
  return {
    async refresh() {
      const revision = await revisionNow();
      if (latest?.revision === revision) return;
      if (loading?.revision !== revision) {
        const started = ++starts;
        const done = load().then((behaviors) => {
          if (!latest || latest.started < started) latest = { revision, started, behaviors };
        });
        loading = { revision, done };
        done.catch(() => {
          if (loading?.done === done) loading = undefined;
        });
      }
      await loading.done;
    },
    current: () => latest?.behaviors ?? new Map(),
  };
}

/**
 * The generated hook modules as a behavior source: the modules stored in the database
 * (`hooks/{FullName}.hooks.mjs`), each the automatic behavior `Generated:{FullName}` of its own
 * model. Checked against the template revision (read once per request anyway, bumped by every
 * write of a generated file): a module generated or edited on another instance runs from the next
 * request on, without a restart and without a time-based cache (docs/decisions.md; DESIGN §2). A
 * module that fails to
 * import is logged once and skipped; the records of other models are not affected.
 */
export function createGeneratedHooks(
  repository: GeneratedFilesRepository,
  templates: TemplateStore,
  log: Log,
): BehaviorSource & { modulesImported: () => number } {
  // By content hash: one import per version; a failure is remembered too (logged once).
  const modules = new Map<string, Promise<BehaviorHooks | undefined>>();

  async function importVersion(head: GeneratedFileHead): Promise<BehaviorHooks | undefined> {
    const known = modules.get(head.sha256);
    if (known) return known;
    const source = await repository.read(head.path);
    if (source === undefined) return undefined;
    // Read after the head: the content may be newer; it is imported under its own hash.
    const sha = sha256Of(source);
    let loading = modules.get(sha);
    if (!loading) {
      if (modules.size > 0 && modules.size % MODULE_WARNING_THRESHOLD === 0)
        log.warn(`${String(modules.size)} versions of generated hook modules imported; a restart frees them`);
      const url = `data:text/javascript;base64,${Buffer.from(source).toString('base64')}`;
      loading = import(/* @vite-ignore */ url).then(
        (module: Record<string, unknown>) => {
          log.info(`generated hooks ${head.path} loaded (${sha.slice(0, 12)})`);
          return hooksOf(module);
        },
        (error: unknown) => {
          log.error({ err: error }, `generated hooks ${head.path} skipped: ${(error as Error).message}`);
          return undefined;
        },
      );
      modules.set(sha, loading);
    }
    return loading;
  }

  async function load(): Promise<ReadonlyMap<string, BehaviorDefinition>> {
    const loaded = new Map<string, BehaviorDefinition>();
    for (const head of await repository.headsUnder('hooks')) {
      const fullName = HOOK_PATH.exec(head.path)?.[1];
      if (!fullName) continue;
      const hooks = await importVersion(head);
      if (hooks)
        loaded.set(generatedBehaviorName(fullName), {
          hooks,
          auto: (model) => (model.fullName === fullName ? {} : undefined),
        });
    }
    return loaded;
  }

  return { ...loadedByRevision(() => templates.revision(), load), modulesImported: () => modules.size };
}

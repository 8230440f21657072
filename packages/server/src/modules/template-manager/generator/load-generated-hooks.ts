import { readdir, realpath, stat } from 'node:fs/promises';
import { join, relative, isAbsolute } from 'node:path';
import { pathToFileURL } from 'node:url';
import { validationError } from '@mdis/shared';
import type {
  BehaviorContext,
  BehaviorHookName,
  BehaviorHooks,
  BehaviorRegistry,
} from '../../../engine/behaviors/behavior-registry';

/** The hook modules the code generator writes: `hooks/{FullName}.hooks.mjs`. */
const HOOK_FILE = /^([A-Z][A-Za-z0-9]*)\.hooks\.mjs$/;
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

const isInside = (folder: string, path: string) => {
  const inside = relative(folder, path);
  return inside !== '' && !inside.startsWith('..') && !isAbsolute(inside);
};

/**
 * At start: imports every hook module of the generated folder (DESIGN §6: "created once, never
 * overwritten: where custom rules go") and registers its hooks as an automatic behavior of that
 * model only, so the records pipeline runs them after the template's own behaviors. Only files
 * that really lie in `<generatedDir>/hooks` are imported (no symlinks out). A module that fails to
 * import is logged and skipped: a developer's typo must not keep the server from starting.
 * Returns the full names of the models whose hooks were registered.
 */
export async function loadGeneratedHooks(
  generatedDir: string,
  registry: BehaviorRegistry,
  log: Log,
): Promise<string[]> {
  const folder = join(generatedDir, 'hooks');
  const names = await readdir(folder).catch(() => [] as string[]);
  if (names.length === 0) return [];
  const realFolder = await realpath(folder);
  const loaded: string[] = [];
  for (const name of names.sort()) {
    const fullName = HOOK_FILE.exec(name)?.[1];
    if (!fullName) continue;
    try {
      const path = await realpath(join(folder, name));
      if (!isInside(realFolder, path)) throw new Error('it lies outside the generated folder');
      // The modification time in the URL: a module edited since an earlier import is read afresh.
      const url = `${pathToFileURL(path).href}?mtime=${String((await stat(path)).mtimeMs)}`;
      const module = (await import(/* @vite-ignore */ url)) as Record<string, unknown>;
      const hooks = hooksOf(module);
      registry.register(generatedBehaviorName(fullName), {
        hooks,
        auto: (model) => (model.fullName === fullName ? {} : undefined),
      });
      loaded.push(fullName);
    } catch (error) {
      log.error({ err: error }, `generated hooks ${name} skipped: ${(error as Error).message}`);
    }
  }
  if (loaded.length > 0) log.info(`generated hooks loaded for ${loaded.join(', ')}`);
  return loaded;
}

import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The import boundaries of docs/ARCHITECTURE.md are lint rules (eslint.config.js). This lints one
// import per boundary, as a file in the room it would break, with the project's own config: a
// crossing must fail the lint run (an error), and a legal import must pass. Only the import rules
// run, without type information, so this takes a second rather than a whole-repo lint.
const ROOT = path.resolve(import.meta.dirname, '../../..');
const IMPORT_RULES = new Set(['no-restricted-imports', 'local/no-app-imports']);
const eslint = new ESLint({
  cwd: ROOT,
  ruleFilter: ({ ruleId }) => IMPORT_RULES.has(ruleId),
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
});

async function lint(file: string, source: string) {
  const results = await eslint.lintText(`${source}\nexport const used = x;\n`, { filePath: path.join(ROOT, file) });
  return results
    .flatMap((result) => result.messages)
    .map((m) => ({ rule: m.ruleId, severity: m.severity === 2 ? 'error' : 'warn' }));
}

const error = [{ rule: 'no-restricted-imports', severity: 'error' }];

describe('import boundaries are enforced by lint', () => {
  it.each([
    ['shared → server', 'packages/shared/src/api/x.ts', "import { x } from '../../../server/src/config';"],
    ['shared → @mdis/web', 'packages/shared/src/api/x.ts', "import { x } from '@mdis/web/src/main';"],
    ['shared → Node', 'packages/shared/src/api/x.ts', "import { x } from 'node:fs';"],
    ['shared → React', 'packages/shared/src/api/x.ts', "import { x } from 'react';"],
    [
      'server engine → modules',
      'packages/server/src/engine/records/x.ts',
      "import { x } from '../../modules/files/y';",
    ],
    ['infra → modules', 'packages/server/src/infra/http/x.ts', "import { x } from '../../modules/users/y';"],
    ['infra → engine', 'packages/server/src/infra/db/x.ts', "import type { x } from '../../engine/records/y';"],
    ['web engine → features', 'packages/web/src/engine/toolbar/x.ts', "import { x } from '../../features/files/y';"],
    ['ui → features', 'packages/web/src/ui/x.tsx', "import { x } from '../features/auth/y';"],
    ['platform → features', 'packages/web/src/platform/api/x.ts', "import { x } from '../../features/auth/y';"],
    ['platform → engine', 'packages/web/src/platform/session/x.ts', "import { x } from '../../engine/api/y';"],
  ])('%s fails the lint run', async (_boundary, file, source) => {
    expect(await lint(file, source)).toEqual(error);
  });

  // app/ is the composition root: nothing but the entry and app/ itself may import it (tests may, to
  // render under the root's providers), so its crossings are a rule of their own.
  it.each([
    ['web engine → app', 'packages/web/src/engine/form-screen/x.ts', "import { x } from '../../app/App';"],
    ['features → app', 'packages/web/src/features/auth/x.tsx', "import { x } from '../../app/shell/AppShell';"],
    ['platform → app', 'packages/web/src/platform/session/x.ts', "import { x } from '../../app/theme/y';"],
    ['ui → app', 'packages/web/src/ui/x.tsx', "import { x } from '../app/providers/AppProviders';"],
  ])('%s fails the lint run', async (_boundary, file, source) => {
    expect(await lint(file, source)).toEqual([{ rule: 'local/no-app-imports', severity: 'error' }]);
  });

  it.each([
    ['server engine → infra', 'packages/server/src/engine/records/x.ts', "import { x } from '../../infra/db/y';"],
    ['modules → engine', 'packages/server/src/modules/files/x.ts', "import { x } from '../../engine/records/y';"],
    ['web engine → ui', 'packages/web/src/engine/x.ts', "import { x } from '../ui/useDebouncedValue';"],
    ['web engine → platform', 'packages/web/src/engine/x.ts', "import { x } from '../platform/api/apiClient';"],
    ['features → platform', 'packages/web/src/features/x.ts', "import { x } from '../platform/session/y';"],
    ['main.tsx → app', 'packages/web/src/main.tsx', "import { x } from './app/App';"],
    ['app → its own folders', 'packages/web/src/app/shell/x.tsx', "import { x } from '../router/routeMeta';"],
    ['a test → app', 'packages/web/src/features/x.test.tsx', "import { x } from '../app/providers/AppProviders';"],
    ['shared → zod', 'packages/shared/src/api/x.ts', "import { x } from 'zod';"],
    ['shared → its own folders', 'packages/shared/src/api/x.ts', "import { x } from '../filters/server';"],
  ])('%s is allowed', async (_boundary, file, source) => {
    expect(await lint(file, source)).toEqual([]);
  });
});

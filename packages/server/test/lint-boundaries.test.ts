import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The import boundaries of docs/ARCHITECTURE.md are lint rules (eslint.config.js). This lints one
// import per boundary, as a file in the room it would break, with the project's own config: a
// crossing must fail the lint run (an error), and a legal import must pass. Only the import rules
// run, without type information, so this takes a second rather than a whole-repo lint.
const ROOT = path.resolve(import.meta.dirname, '../../..');
const IMPORT_RULES = new Set(['no-restricted-imports', 'local/no-restricted-imports-soft']);
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
  ])('%s fails the lint run', async (_boundary, file, source) => {
    expect(await lint(file, source)).toEqual(error);
  });

  it('warns (for now, issue 19) when the web engine imports app/', async () => {
    expect(await lint('packages/web/src/engine/x.ts', "import { x } from '../app/api/apiClient';")).toEqual([
      { rule: 'local/no-restricted-imports-soft', severity: 'warn' },
    ]);
  });

  it.each([
    ['server engine → infra', 'packages/server/src/engine/records/x.ts', "import { x } from '../../infra/db/y';"],
    ['modules → engine', 'packages/server/src/modules/files/x.ts', "import { x } from '../../engine/records/y';"],
    ['web engine → ui', 'packages/web/src/engine/x.ts', "import { x } from '../ui/useDebouncedValue';"],
    ['shared → zod', 'packages/shared/src/api/x.ts', "import { x } from 'zod';"],
    ['shared → its own folders', 'packages/shared/src/api/x.ts', "import { x } from '../filters/server';"],
  ])('%s is allowed', async (_boundary, file, source) => {
    expect(await lint(file, source)).toEqual([]);
  });
});

import { fieldTypeOf, type ColumnTemplate, type ModelTemplate } from '@mdis/shared';

/** TypeScript type and zod schema of a column's value as the records API answers it. */
function typesOf(column: ColumnTemplate): { ts: string; zod: string } {
  return fieldTypeOf(column.type)?.apiType(column) ?? { ts: 'unknown', zod: 'z.unknown()' };
}

const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));
const comment = (column: ColumnTemplate) => {
  const text = [column.label, column.unit ? `[${column.unit}]` : ''].filter(Boolean).join(' ');
  return text ? `  /** ${text.replace(/\*\//g, '* /')} */\n` : '';
};

/** `models/{FullName}.ts`: the row type and the zod schema of a model's records. Overwritten on every generation. */
export function modelModule(model: ModelTemplate): string {
  const columns = Object.values(model.columns);
  const optional = (c: ColumnTemplate) => !c.required || c.primaryKey === true;
  const rowLines = columns.map((c) => {
    const { ts } = typesOf(c);
    const readOnly = c.type === 'pseudo' || c.primaryKey ? 'readonly ' : '';
    return `${comment(c)}  ${readOnly}${key(c.name)}${optional(c) ? '?' : ''}: ${ts}${optional(c) ? ' | null' : ''};`;
  });
  const schemaLines = columns
    // Pseudo columns are computed and the primary key is assigned: neither is input.
    .filter((c) => c.type !== 'pseudo' && !c.primaryKey)
    .map((c) => `  ${key(c.name)}: ${typesOf(c).zod}${optional(c) ? '.nullish()' : ''},`);
  return [
    `// ${model.fullName}: generated from its model template (table ${model.table}). Do not edit: regenerate.`,
    "import { z } from 'zod';",
    '',
    `export const ${model.fullName}Table = ${JSON.stringify(model.table)};`,
    '',
    `export interface ${model.fullName}Row {`,
    ...rowLines,
    '}',
    '',
    `/** What a client may send to create or update a ${model.fullName} record. */`,
    `export const ${model.fullName}InputSchema = z.object({`,
    ...schemaLines,
    '});',
    '',
    `export type ${model.fullName}Input = z.infer<typeof ${model.fullName}InputSchema>;`,
    '',
  ].join('\n');
}

/**
 * `hooks/{FullName}.hooks.mjs`: written once, never overwritten; the place for a model's own rules.
 * Plain JavaScript (an ES module with JSDoc types) so that the server imports it without a build
 * step (generated-hooks.ts, from a data: URL: it imports nothing, the context brings what it needs).
 */
export function modelHooks(model: ModelTemplate): string {
  return [
    '// @ts-check',
    `// Server hooks of ${model.fullName}: your rules go here. Created once by the code generator and`,
    '// never overwritten, so it is safe to edit. The database holds the version every instance runs;',
    '// an edit of this copy is taken in when this instance starts (restart it after a change), and',
    '// the other instances follow without a restart. Each hook receives the record being written and',
    '// may change it in place, or call refuse(field, message) to refuse the write with a 422 (the',
    '// whole write is rolled back).',
    '',
    '/**',
    ' * @typedef {object} HookContext',
    ' * @property {Record<string, unknown>} record The record being written (or the draft, for defaults).',
    ' * @property {Record<string, unknown>} [previous] The stored record before an update or delete.',
    ' * @property {{ fullName: string, table: string }} model The model template.',
    ' * @property {(field: string, message: string) => never} refuse Refuses the write: 422 [{ field, message }].',
    ' */',
    '',
    '/** @type {{ [hook in "defaults" | "beforeCreate" | "beforeUpdate" | "afterCreate" | "afterUpdate" | "beforeDelete"]?: (context: HookContext) => void | Promise<void> }} */',
    'export const hooks = {',
    '  // beforeCreate({ record, refuse }) {',
    "  //   if (record.remarks === 'x') refuse('remarks', 'Remarks must not be x.');",
    '  // },',
    '  // beforeUpdate({ record, previous }) {},',
    '  // beforeDelete({ previous }) {},',
    '};',
    '',
  ].join('\n');
}

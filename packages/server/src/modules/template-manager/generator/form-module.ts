import { toUpperCamelCase, type FormTemplate } from '@mdis/shared';

/** `{Camel}Form` for a form `sample-request`: SampleRequestForm. */
export const formComponentName = (form: FormTemplate) => `${toUpperCamelCase(form.name)}Form`;

/** `forms/{Camel}Form.fields.ts`: the form's groups and fields in order. Overwritten on every generation. */
export function formFieldsModule(form: FormTemplate): string {
  const groups = new Map<string, string[]>();
  const ordered = [...form.fields].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
  for (const field of ordered) {
    const group = field.group ?? '-';
    groups.set(group, [...(groups.get(group) ?? []), field.name]);
  }
  const name = formComponentName(form);
  return [
    `// Form ${form.name} on ${form.dataModel}: generated from its form template. Do not edit: regenerate.`,
    '',
    `export const ${name}Name = ${JSON.stringify(form.name)};`,
    `export const ${name}DataModel = ${JSON.stringify(form.dataModel)};`,
    '',
    '/** Groups in order (a leading "-" means no heading) with their fields in order. */',
    `export const ${name}Groups: readonly { group: string; fields: readonly string[] }[] = ${JSON.stringify(
      [...groups].map(([group, fields]) => ({ group, fields })),
      null,
      2,
    )};`,
    '',
  ].join('\n');
}

/** `forms/{Camel}Form.tsx`: written once, never overwritten; a specialised form starts here. */
export function formComponentModule(form: FormTemplate): string {
  const name = formComponentName(form);
  return [
    `// A specialised form for ${form.name}. Created once by the code generator and never overwritten:`,
    '// edit it freely. Until it renders something of its own, the generic form screen is used.',
    `import { ${name}Groups, ${name}Name } from './${name}.fields';`,
    '',
    `export function ${name}() {`,
    `  return { form: ${name}Name, groups: ${name}Groups };`,
    '}',
    '',
  ].join('\n');
}

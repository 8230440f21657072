import { describe, expect, it } from 'vitest';
import { formTemplateSchema } from '@mdis/shared';
import { conflictFields, resolvedValues } from './refusedFields';
import type { QueuedOperation } from './syncQueue';

const form = formTemplateSchema.parse({
  name: 'core',
  dataModel: 'CoreCore',
  fields: [
    { name: 'top', label: 'Top Depth', validators: [], formInput: { type: 'text' }, group: 'Core', order: 0 },
    {
      name: 'bottom',
      label: 'Bottom Depth',
      validators: [],
      formInput: { type: 'text', disabled: true },
      group: 'Core',
      order: 1,
    },
    { name: 'comment', label: 'Comment', validators: [], formInput: { type: 'text' }, group: 'Core', order: 2 },
    { name: 'curator', label: 'Curator', validators: [], formInput: { type: 'text' }, group: 'Core', order: 3 },
  ],
  subForms: {},
  supForms: {},
  filterDataModels: {},
  requiredFilters: [],
});

const op: QueuedOperation = {
  opId: '1',
  form: 'core',
  action: 'update',
  id: 9,
  baseVersion: 40,
  values: { top: 100, bottom: 103, comment: 'mine', curator: 'AM' },
  refused: {
    status: 'conflict',
    record: { id: 9, top: 150, bottom: 153, comment: null, curator: 'AM' },
    version: 60,
    serverChanges: ['top', 'bottom'],
  },
};

describe('a conflict field by field', () => {
  it('lists the editable fields where the two versions differ, with labels and who changed what', () => {
    expect(conflictFields(op, form)).toEqual([
      { name: 'top', label: 'Top Depth', server: 150, mine: 100, changedOnServer: true },
      { name: 'comment', label: 'Comment', server: null, mine: 'mine', changedOnServer: false },
    ]);
  });

  it("sends the user's values with the server's where chosen, and the server's read-only ones", () => {
    const fields = conflictFields(op, form);
    expect(resolvedValues(op, fields, { top: 'server' }, form)).toEqual({
      top: 150,
      bottom: 153,
      comment: 'mine',
      curator: 'AM',
    });
  });
});

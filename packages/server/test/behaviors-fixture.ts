// A model a developer could add under the drilling cores with the generic behaviors that no
// shipped template uses (DefaultFromParent, SiblingsLimit, LeadingZeros on a text column): the
// behaviors tests run them through the real records API, on the seeded CoreCore as parent.

const behavior = (name: string, parameters: Record<string, unknown>) => ({
  behaviorClass: `app\\behaviors\\template\\${name}Behavior`,
  parameters,
});

/** The largest number of notes per core (SiblingsLimit). */
export const NOTES_PER_CORE = 2;

export const CORE_NOTE = {
  module: 'Test',
  name: 'CoreNote',
  table: 'test_core_note',
  fullName: 'TestCoreNote',
  parentModel: 'CoreCore',
  columns: {
    id: { name: 'id', type: 'integer', size: 11, primaryKey: true, autoInc: true, label: 'ID' },
    core_id: { name: 'core_id', type: 'integer', size: 11, required: true, label: 'Core' },
    label: { name: 'label', type: 'string', size: 20, label: 'Label' },
    diameter: { name: 'diameter', type: 'double', label: 'Diameter [mm]' },
    bottom: { name: 'bottom', type: 'double', label: 'Bottom [mbrf]' },
  },
  indices: { id: { name: 'id', type: 'PRIMARY', columns: ['id'] } },
  relations: {
    test_core_note__core_core__parent: {
      name: 'test_core_note__core_core__parent',
      relationType: 'parent',
      foreignTable: 'core_core',
      localColumns: ['core_id'],
      foreignColumns: ['id'],
    },
  },
  behaviors: [
    behavior('DefaultFromParent', { parentSourceColumn: 'core_diameter', destinationColumn: 'diameter' }),
    // A computed column of the parent: drillers_top_depth + drilled_length.
    behavior('DefaultFromParent', { parentSourceColumn: 'drillers_bottom_depth', destinationColumn: 'bottom' }),
    behavior('SiblingsLimit', { parentRefColumn: 'core_id', limit: NOTES_PER_CORE }),
    behavior('LeadingZeros', { column: 'label', length: 4 }),
  ],
  createdAt: 1600000000,
  modifiedAt: 1600000000,
  generatedAt: null,
};

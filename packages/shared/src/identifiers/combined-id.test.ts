import { describe, expect, it } from 'vitest';
import { parseModelTemplate } from '../templates/parse';
import { combinedIdNamingResolver, combinedIdOf } from './combined-id';
import { drillingCombinedIdNaming } from './drilling-naming';

const model = (fullName: string, columns: string[], extra: Record<string, unknown> = {}) =>
  parseModelTemplate({
    module: 'M',
    name: fullName,
    fullName,
    table: fullName.toLowerCase(),
    columns: Object.fromEntries(columns.map((name) => [name, { name, type: 'string' }])),
    ...extra,
  });

const namingOf = combinedIdNamingResolver(drillingCombinedIdNaming);
const HOLE = model('ProjectHole', ['id', 'hole', 'combined_id']);
const CORE = model('CoreCore', ['id', 'hole_id', 'core', 'combined_id'], { parentModel: 'ProjectHole' });
const hole = { model: HOLE, naming: namingOf(HOLE) };

describe('combined ids (reference §2.5), one rule for the server and the browser', () => {
  it("joins the parent's combined id and the own name, padded as the naming says", () => {
    const naming = namingOf(CORE);
    expect(naming).toEqual({ nameColumn: 'core', padding: 3 });
    if (!naming) return;
    expect(combinedIdOf(naming, { core: 4 }, { ...hole, record: { combined_id: '5065_1_A' } })).toBe('5065_1_A_004');
    expect(combinedIdOf(naming, { core: 1234 }, { ...hole, record: { combined_id: '5065_1_A' } })).toBe(
      '5065_1_A_1234',
    );
  });

  it('is null while a part is missing: no name, no parent, a parent without its combined id', () => {
    const naming = { nameColumn: 'core', padding: 3 };
    expect(combinedIdOf(naming, { core: '' }, { ...hole, record: { combined_id: 'X' } })).toBeNull();
    expect(combinedIdOf(naming, { core: 1 }, { ...hole, record: undefined })).toBeNull();
    expect(combinedIdOf(naming, { core: 1 }, { ...hole, record: { combined_id: null } })).toBeNull();
  });

  it("takes the name alone when the parent takes no part, and a template's own parameters first", () => {
    const program = model('ProjectProgram', ['id', 'program']);
    expect(
      combinedIdOf(
        { nameColumn: 'expedition' },
        { expedition: '5065' },
        {
          model: program,
          naming: namingOf(program),
          record: { program: 'ICDP' },
        },
      ),
    ).toBe('5065');
    const listed = model('CoreCore', ['id', 'label', 'combined_id'], {
      behaviors: [
        { behaviorClass: 'app\\behaviors\\template\\CombinedIdBehavior', parameters: { nameColumn: 'label' } },
      ],
    });
    expect(namingOf(listed)).toEqual({ nameColumn: 'label' });
  });
});

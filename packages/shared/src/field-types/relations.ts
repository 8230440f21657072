import { asText, identity, TEXT_SQL, type FieldTypeEntry } from './field-type';

/** Relation columns: a join table (m:n) or an FK in another table (1:n); not filterable. */
function relationType(apiType: { ts: string; zod: string }): FieldTypeEntry {
  return {
    stored: false,
    sqlType: TEXT_SQL,
    filterKind: undefined,
    inputTypes: ['select'],
    formValidators: [],
    codec: { toDb: asText, fromDb: identity },
    validate: () => undefined,
    apiType: () => apiType,
  };
}

export const manyToManyType = relationType({ ts: 'number[]', zod: 'z.array(z.number().int())' });
export const oneToManyType = relationType({ ts: 'number', zod: 'z.number().int()' });

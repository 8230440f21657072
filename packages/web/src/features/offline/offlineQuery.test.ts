import { describe, expect, it } from 'vitest';
import { FILTER_FIXTURE_LISTS, FILTER_FIXTURES, type FormTemplate, type ModelTemplate } from '@mdis/shared';
import { answerList, filterOptions, readListQuery, sortRecords } from './offlineQuery';

const model = {
  fullName: 'CoreCore',
  columns: {
    id: { name: 'id', type: 'integer' },
    hole_id: { name: 'hole_id', type: 'integer' },
    core: { name: 'core', type: 'integer' },
    core_type: { name: 'core_type', type: 'string', selectListName: 'CORE_TYPE' },
    comment: { name: 'comment', type: 'string' },
  },
} as unknown as ModelTemplate;

const cores = [
  { id: 1, hole_id: 5, core: 3, core_type: 'R', comment: 'Sandy' },
  { id: 2, hole_id: 5, core: 1, core_type: 'H', comment: null },
  { id: 3, hole_id: 6, core: 2, core_type: 'R', comment: 'clay' },
  { id: -1, hole_id: 5, core: 4, core_type: 'X', comment: 'made offline' },
];

const query = (text: string) => readListQuery(new URLSearchParams(text));

describe('the list answered offline', () => {
  it('reads page, per-page, sort, filter[col] and selected-record-id from the list URL', () => {
    expect(query('name=core&page=2&per-page=5&sort=-core&filter%5Bhole_id%5D=5&selected-record-id=-1')).toEqual({
      page: 2,
      perPage: 5,
      sort: '-core',
      filter: { hole_id: '5' },
      selectedId: -1,
    });
  });

  it('filters with the shared interpreter, sorts and pages as the server does', () => {
    const answer = answerList(cores, model, query('page=1&per-page=2&sort=-core&filter[hole_id]=5'));
    expect(answer.items.map((row) => row.id)).toEqual([-1, 1]);
    expect(answer._meta).toEqual({ totalCount: 3, pageCount: 2, currentPage: 1, perPage: 2 });
  });

  it('matches text case-insensitively, nulls only with ==NULL, list items by their text', () => {
    expect(answerList(cores, model, query('filter[comment]=sand')).items.map((r) => r.id)).toEqual([1]);
    expect(answerList(cores, model, query('filter[comment]===NULL')).items.map((r) => r.id)).toEqual([2]);
    const lists = { CORE_TYPE: [{ display: 'R', remark: 'Rotary' }] };
    expect(answerList(cores, model, query('filter[core_type]=rotary'), lists).items.map((r) => r.id)).toEqual([1, 3]);
  });

  it('finds the children of a record made offline by its temporary id', () => {
    const sections = [
      { id: 1, core_id: -1, section: 1 },
      { id: 2, core_id: 1, section: 1 },
    ];
    const sectionModel = { fullName: 'CoreSection', columns: { core_id: { name: 'core_id', type: 'integer' } } };
    const answer = answerList(sections, sectionModel as unknown as ModelTemplate, query('filter[core_id]=-1'));
    expect(answer.items.map((row) => row.id)).toEqual([1]);
  });

  it('answers the page holding the selected record, and everything with per-page=-1', () => {
    const page = answerList(cores, model, query('per-page=1&sort=id&selected-record-id=3'));
    expect(page._meta.currentPage).toBe(3);
    expect(page.items.map((r) => r.id)).toEqual([3]);
    expect(answerList(cores, model, query('per-page=-1')).items).toHaveLength(4);
  });

  it('sorts NULLs first ascending and breaks ties by id', () => {
    expect(sortRecords(cores, 'comment').map((r) => r.id)).toEqual([2, 1, 3, -1]);
    // made offline: after the server's records, in the order they were made (as their real ids will)
    const made = [{ id: -2 }, { id: 5 }, { id: -1 }, { id: 1 }];
    expect(sortRecords(made, 'id').map((r) => r.id)).toEqual([1, 5, -1, -2]);
    expect(sortRecords(made, '-id').map((r) => r.id)).toEqual([-2, -1, 5, 1]);
    expect(sortRecords(cores, '-core_type').map((r) => r.id)).toEqual([-1, 1, 3, 2]);
  });

  it('reads the column kinds from the model as the server does: every shared filter fixture agrees', () => {
    for (const fixture of FILTER_FIXTURES) {
      const column = {
        name: 'c',
        type: fixture.type,
        ...(fixture.listName ? { selectListName: fixture.listName } : {}),
      };
      const fixtureModel = { fullName: 'T', columns: { c: column } } as unknown as ModelTemplate;
      const params = new URLSearchParams({ 'filter[c]': fixture.expr });
      const answer = answerList(
        [{ id: 1, c: fixture.value }],
        fixtureModel,
        readListQuery(params),
        FILTER_FIXTURE_LISTS,
      );
      expect([fixture.kind, fixture.expr, fixture.value, answer.items.length]).toEqual([
        fixture.kind,
        fixture.expr,
        fixture.value,
        fixture.matches ? 1 : 0,
      ]);
    }
  });
});

describe('filter-bar options offline', () => {
  const form = {
    filterDataModels: {
      core: { model: 'CoreCore', value: 'id', text: 'core', ref: 'core_id', require: { value: 'hole', as: 'hole_id' } },
    },
  } as unknown as FormTemplate;

  it('lists the records of the model under the chosen parent, by text, with records made offline', () => {
    expect(filterOptions(form, 'core', { as: 'hole_id', value: 5 }, cores)).toEqual([
      { value: 2, text: 1, hole_id: 5 },
      { value: 1, text: 3, hole_id: 5 },
      { value: -1, text: 4, hole_id: 5 },
    ]);
  });
});

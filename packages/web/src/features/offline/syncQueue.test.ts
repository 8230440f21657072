import { describe, expect, it } from 'vitest';
import type { SyncResponse } from '@mdis/shared';
import { applySyncResponse, nextUpload, type QueuedOperation } from './syncQueue';

const queue: QueuedOperation[] = [
  { opId: '1', form: 'core', action: 'create', tempId: 'core-a', values: { hole_id: 5, core: 3 } },
  { opId: '2', form: 'section', action: 'create', tempId: 'sec-1', values: { core_id: 'core-a', section: 1 } },
  { opId: '3', form: 'core', action: 'update', id: 9, baseVersion: 40, values: { comment: 'mine' } },
  { opId: '4', form: 'core', action: 'update', id: 9, baseVersion: 40, values: { comment: 'again' } },
  { opId: '5', form: 'core', action: 'update', id: 'core-a', values: { comment: 'x' } },
];

describe('the offline queue after an upload', () => {
  it('drops applied operations, maps tempIds and takes the new version of records it wrote', () => {
    const response: SyncResponse = {
      results: [
        {
          opId: '1',
          status: 'applied',
          id: 70,
          tempId: 'core-a',
          record: { id: 70, combined_id: '5065_1_A_003' },
          version: 101,
        },
        {
          opId: '2',
          status: 'invalid',
          message: 'Section: must be 1 or more.',
          errors: [{ field: 'section', message: 'x' }],
        },
        { opId: '3', status: 'applied', id: 9, record: { id: 9, comment: 'mine' }, version: 102 },
      ],
      idMap: { 'core-a': 70 },
    };
    const { queue: left, updates, refused } = applySyncResponse(queue, response);
    expect(left.map((op) => op.opId)).toEqual(['2', '4', '5']);
    expect(left[0]).toMatchObject({ values: { core_id: 70 }, refused: { status: 'invalid' } });
    expect(left[1]).toMatchObject({ id: 9, baseVersion: 102 });
    expect(left[2]).toMatchObject({ id: 70 });
    expect(refused.map((op) => op.opId)).toEqual(['2']);
    expect(updates).toEqual([
      {
        form: 'core',
        model: undefined,
        tempId: 'core-a',
        id: 70,
        record: { id: 70, combined_id: '5065_1_A_003' },
        version: 101,
      },
      { form: 'core', model: undefined, id: 9, record: { id: 9, comment: 'mine' }, version: 102 },
    ]);
    // The next upload leaves out what the user must fix first.
    expect(nextUpload(left, 100).map((op) => op.opId)).toEqual(['4', '5']);
  });

  it('keeps a conflict marked with the server record for the dialog, and a duplicate counts as done', () => {
    const response: SyncResponse = {
      results: [
        { opId: '1', status: 'duplicate', id: 70, tempId: 'core-a', version: 101 },
        {
          opId: '3',
          status: 'conflict',
          id: 9,
          record: { id: 9, drillers_top_depth: 11 },
          version: 120,
          serverChanges: ['drillers_top_depth'],
        },
      ],
      idMap: { 'core-a': 70 },
    };
    const { queue: left, refused } = applySyncResponse(queue, response);
    expect(left.map((op) => op.opId)).toEqual(['2', '3', '4', '5']);
    expect(refused.map((op) => [op.opId, op.refused?.status])).toEqual([['3', 'conflict']]);
    expect(left[0].values).toEqual({ core_id: 70, section: 1 });
  });
});

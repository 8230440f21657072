import { parseFormTemplate } from '@mdis/shared';
import {
  RECORD_VALIDATION_CASES,
  VALID_RECORD,
  VALIDATION_FORM,
  VALIDATION_MODEL,
} from '@mdis/shared/validation/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTemplateStore } from '../src/engine/templates/template-store';
import { DIALECTS } from './helpers/dialects';
import { type RecordsTestApp, createRecordsApp, saveAndSync } from './records-helpers';

// The shared table of invalid records (the web panel runs the same one): the server's 422 must carry
// exactly the messages the panel shows, and a valid record is saved.

describe.each(DIALECTS)('record validation table through POST api/v1/form (%s)', (dialect) => {
  let t: RecordsTestApp;
  beforeAll(async () => {
    t = await createRecordsApp(dialect);
    await saveAndSync(t.db, dialect, VALIDATION_MODEL);
    await createTemplateStore(t.db).saveForm(parseFormTemplate(VALIDATION_FORM));
  });
  afterAll(() => t.close());

  it.each(RECORD_VALIDATION_CASES)('$name', async ({ change, expected }) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/form?name=${VALIDATION_FORM.name}`,
      payload: { ...VALID_RECORD, ...change },
      headers: t.admin,
    });
    if (expected.length === 0) expect(response.statusCode).toBe(201);
    else {
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual(expected);
    }
  });
});

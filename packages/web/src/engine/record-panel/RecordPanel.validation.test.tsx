import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { type FieldError, parseFormTemplate, parseModelTemplate } from '@mdis/shared';
import {
  RECORD_VALIDATION_CASES,
  VALID_RECORD,
  VALIDATION_FORM,
  VALIDATION_MODEL,
} from '@mdis/shared/validation/fixtures';
import { renderPanel } from '../fields/test/renderPanel';

// The shared table of invalid records (the server answers the same one with its 422): the panel
// must show under each field exactly the message the server gives.

const form = parseFormTemplate(VALIDATION_FORM);
const { columns } = parseModelTemplate(VALIDATION_MODEL);

/** The messages shown under the fields, in form order (the counter beside a message left out). */
function shownErrors(container: HTMLElement): FieldError[] {
  return form.fields.flatMap(({ name }) => {
    const control = container.querySelector(`#field-${name}`)?.closest('.MuiFormControl-root');
    const message = control?.querySelector('.MuiFormHelperText-root.Mui-error > span > span:not([data-counter])');
    const text = message?.textContent ?? '';
    return text === '' ? [] : [{ field: name, message: text }];
  });
}

describe('record validation table in the record panel', () => {
  afterEach(cleanup);

  it.each(RECORD_VALIDATION_CASES)('$name', ({ change, expected }) => {
    const { container } = renderPanel(form, { ...VALID_RECORD, ...change }, { showAllErrors: true, columns });
    expect(shownErrors(container)).toEqual(expected);
  });

  it("labels a field by its column's label and required flag when the form does not", () => {
    renderPanel(form, VALID_RECORD, { columns });
    expect(screen.getByLabelText('*Code', { selector: 'input' })).toBeTruthy();
    expect(screen.getByLabelText('Note text', { selector: 'textarea' })).toBeTruthy();
  });
});

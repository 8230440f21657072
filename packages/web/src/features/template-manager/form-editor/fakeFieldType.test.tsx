import { afterAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { allowedInputTypes, type ColumnTemplate } from '@mdis/shared';
import { FAKE_FIELD_TYPE, registerFakeFieldType } from '@mdis/shared/field-types/fixtures';
import { fieldInputKind } from '../../../engine/fields/fieldKind';
import { makeField, makeForm, renderPanel } from '../../../engine/fields/test/renderPanel';
import { inputTypesFor, validatorOptions } from './fieldSettings';

// Issue 19: a column type is one entry of the shared registry. A fake type registered by the test
// is offered in the form editor and rendered by the record panel without an edit in either.

const column = { name: 'score', type: FAKE_FIELD_TYPE, label: 'Score' } as unknown as ColumnTemplate;

describe('a fake column type registered in one place', () => {
  // Registered while this file's tests run (each test file has its own module registry).
  afterAll(registerFakeFieldType());

  it('is offered its input types and the number validator in the form editor', () => {
    expect(inputTypesFor(column)).toEqual({ types: ['text'] });
    const field = makeField({ name: 'score', formInput: { type: allowedInputTypes(FAKE_FIELD_TYPE)[0] } });
    expect(validatorOptions(field, column).find((o) => o.kind === 'number')?.applies).toBe(true);
  });

  it('renders as a number input in the record panel', () => {
    const field = makeField({
      name: 'score',
      formInput: { type: allowedInputTypes(FAKE_FIELD_TYPE)[0] },
      validators: [{ type: 'number' }],
    });
    expect(fieldInputKind(field)).toBe('number');
    renderPanel(makeForm([field]), { score: 45 });
    const input = screen.getByRole('textbox', { name: 'Score' });
    expect(input.getAttribute('inputmode')).toBe('decimal');
    expect((input as HTMLInputElement).value).toBe('45');
  });
});

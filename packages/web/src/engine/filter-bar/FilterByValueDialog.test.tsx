import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { FilterByValueDialog } from './FilterByValueDialog';

describe('FilterByValueDialog', () => {
  it('tells how to find empty and filled values', () => {
    render(
      <FilterByValueDialog
        open
        fields={[{ name: 'depth', label: 'Depth', kind: 'number' }]}
        value={{}}
        onApply={() => undefined}
        onClose={() => undefined}
      />,
    );
    expect(screen.getByText(/Type null to find empty values and != null to find filled ones\./)).toBeTruthy();
  });
});

import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { CommitSection, type CommitSectionProps } from './CommitSection';
import type { ImportProgress } from './importTypes';

// Issue 20 item 6: the progress of a commit, while it writes its rows and after them (a row failed:
// the rows written are removed; a large SQLite import builds its table's indexes again).

function committing(progress: ImportProgress | null) {
  const props: CommitSectionProps = {
    phase: 'committing',
    blockedBy: null,
    rows: 3_000,
    progress,
    result: null,
    removed: null,
    recordsPath: null,
    onCommit: () => undefined,
    onUndo: () => undefined,
    onAgain: () => undefined,
  };
  render(<CommitSection {...props} />);
  return screen.getByRole('progressbar', { name: 'Import progress' });
}

describe('the progress of a commit', () => {
  it('counts the rows written, with a bar that fills', () => {
    const bar = committing({ done: 1_500, total: 3_000 });
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    expect(screen.getByText('1,500 of 3,000 rows written')).toBeTruthy();
  });

  it('says when it builds the indexes after the rows, with a bar that only moves', () => {
    const bar = committing({ done: 3_000, total: 3_000, step: { kind: 'indexes', built: 2, total: 7 } });
    expect(bar.getAttribute('aria-valuenow')).toBeNull();
    expect(screen.getByText("All 3,000 rows written; building the table's indexes again (2 of 7 done)…")).toBeTruthy();
  });

  it('says when a row failed and the rows written are removed', () => {
    const bar = committing({ done: 2_000, total: 3_000, step: { kind: 'removing' } });
    expect(bar.getAttribute('aria-valuenow')).toBeNull();
    expect(screen.getByText('A row failed: removing the rows written so far, so that nothing is kept…')).toBeTruthy();
  });

  it('says the import starts before the first progress', () => {
    committing(null);
    expect(screen.getByText('Starting the import…')).toBeTruthy();
  });
});

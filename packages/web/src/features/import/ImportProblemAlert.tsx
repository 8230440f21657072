import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { ImportProblem } from './importScreenReducer';

// What each refusal means to the user; the server's message says the particulars.
const TITLES: Record<number, string> = {
  0: 'The server could not be reached',
  400: 'The file was not accepted',
  403: 'You may not import into this form',
  409: 'The import cannot be undone',
  413: 'The file is too large',
  422: 'Nothing was imported',
};

const HELP: Record<number, string> = {
  403: 'Importing needs the operator role or the edit permission of this form, and rows of your expeditions only.',
  422: 'Every row is written or none. Correct the rows below (or the mapping) and preview again.',
};

/** A refused preview, commit or undo: what happened, that nothing changed, and what to do. */
export function ImportProblemAlert({ problem, undoing }: { problem: ImportProblem; undoing: boolean }) {
  const title = TITLES[problem.status] ?? 'The import failed';
  const help = HELP[problem.status];
  return (
    <Alert severity="error" role="alert">
      <AlertTitle>{title}</AlertTitle>
      {/[.!?]$/.test(problem.message) ? problem.message : `${problem.message}.`}
      {help && ` ${help}`}
      {!undoing && problem.status !== 422 && ' Nothing was written; your file and choices are kept.'}
    </Alert>
  );
}

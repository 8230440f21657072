import type { ImportProgress } from './import.types';

const count = (n: number) => n.toLocaleString('en');
const rows = (n: number) => `${count(n)} row${n === 1 ? '' : 's'}`;

/**
 * What a commit's progress says, on the import screen and the command line alike.
 * @example importProgressText({ done: 1500, total: 3000 }) // '1,500 of 3,000 rows written'
 */
export function importProgressText({ done, total, step }: ImportProgress): string {
  if (step?.kind === 'removing') return 'A row failed: removing the rows written so far, so that nothing is kept…';
  if (step?.kind === 'indexes')
    return `All ${rows(total)} written; building the table's indexes again (${count(step.built)} of ${count(step.total)} done)…`;
  return `${count(done)} of ${rows(total)} written`;
}

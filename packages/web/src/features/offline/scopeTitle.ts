import type { OfflineScope } from '@mdis/shared';
import type { KeptScope } from './offlineStore';

/** The form's name as a title when its template has no label ('hole' → 'Hole'). */
const titled = (form: string) => form.charAt(0).toUpperCase() + form.slice(1);

/**
 * How a kept scope is named on the screen, like the form's own title and the record's combined id
 * ("Hole 5099_1_A"); without a combined id, the id ("Hole 7").
 */
export function scopeTitle(scope: Pick<OfflineScope, 'root' | 'forms' | 'records'>): string {
  const { form, id } = scope.root;
  const template = scope.forms.find((candidate) => candidate.name === form);
  const label = typeof template?.label === 'string' && template.label ? template.label : titled(form);
  const root = scope.records.find((group) => group.form === form)?.records.find((record) => Number(record.id) === id);
  const combined = root?.combined_id;
  return `${label} ${typeof combined === 'string' && combined ? combined : String(id)}`;
}

/** A kept scope's name; scopes kept before names were stored read "Hole 7". */
export const keptScopeTitle = (kept: Pick<KeptScope, 'form' | 'id' | 'title'>): string =>
  kept.title ?? `${titled(kept.form)} ${String(kept.id)}`;

const FOCUSABLE = 'input:not([disabled]), textarea:not([disabled]), button:not([disabled]), [tabindex="0"]';

/** Focuses the first control inside the section, or the section itself (alt+1/2/3). */
export function focusSection(id: string, preferred = FOCUSABLE): void {
  const section = document.getElementById(id);
  if (!section) return;
  const target = section.querySelector<HTMLElement>(preferred) ?? section.querySelector<HTMLElement>(FOCUSABLE);
  (target ?? section).focus();
}

export const SECTION_IDS = {
  filter: 'form-filter-section',
  form: 'record-form',
  table: 'record-table-section',
} as const;

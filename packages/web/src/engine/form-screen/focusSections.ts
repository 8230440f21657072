const FOCUSABLE = 'input:not([disabled]), textarea:not([disabled]), button:not([disabled]), [tabindex="0"]';

/** The record panel's fields that take typing (not the error summary's close button, not read-only ones). */
export const FIELD_SELECTOR =
  'input:not([disabled]):not([readonly]):not([type="hidden"]), textarea:not([disabled]):not([readonly])';

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

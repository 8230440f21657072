/**
 * What a person reads as a form's name: the template's own `label` ('Section Split'), else its name in
 * words ('sample-request' → 'Sample Request'). The one rule for the menu (app/forms), the form's
 * heading and its breadcrumb, so the three agree.
 */
export function formLabelOf(form: { name: string; label?: unknown }): string {
  if (typeof form.label === 'string' && form.label.trim() !== '') return form.label;
  return form.name
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

import type { ReportInput } from '../report-definition';
import { escapeHtml } from '../report-page';

const FIELDS = [
  { name: 'top', label: 'Start top [cm]', attrs: 'type="number" min="0" step="any"', fallback: '0' },
  { name: 'length', label: 'Sample length [cm]', attrs: 'type="number" min="0" step="any" required', fallback: '' },
  { name: 'interval', label: 'Interval, top to top [cm]', attrs: 'type="number" min="0" step="any"', fallback: '' },
  {
    name: 'count',
    label: 'Number of samples',
    attrs: 'type="number" min="1" max="100" step="1" required',
    fallback: '',
  },
  { name: 'material', label: 'Material', attrs: 'type="text"', fallback: '' },
] as const;

export const SERIES_FORM_CSS = `
  form.series { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: flex-end; margin: 8px 0 16px; }
  form.series label { display: flex; flex-direction: column; font-size: 11px; color: #444; }
  form.series input { font: inherit; padding: 2px 4px; width: 10em; }`;

/**
 * The series parameters as a GET form: submitting it reloads the page with a preview. The samples
 * are created by the action's POST (`{confirmed: true, top, length, interval, count, material}`),
 * which the page's "Create samples" button sends with the signed-in user's token after confirmation
 * (report-action-script.ts).
 */
export function seriesForm(input: ReportInput, extra: Readonly<Record<string, unknown>>): string {
  const { query } = input;
  const hidden = Object.entries({ form: query.form, model: query.model, id: query.id })
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('');
  const inputs = FIELDS.map((field) => {
    const raw = extra[field.name];
    const value = typeof raw === 'string' ? raw : field.fallback;
    return `<label>${escapeHtml(field.label)}<input name="${field.name}" ${field.attrs} value="${escapeHtml(value)}"></label>`;
  }).join('');
  const confirmation = input.definition.confirmationMessage ?? '';
  return `<form class="series no-print" method="get">${hidden}${inputs}
<button type="submit">Preview</button>
<button type="button" data-report-action="${escapeHtml(input.definition.name)}" data-confirm="${escapeHtml(confirmation)}">Create samples</button>
<output class="action-result" role="status"></output></form>`;
}

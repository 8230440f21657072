import { STORAGE_KEYS } from '@mdis/shared';

/** Where the script below is served, relative to /report/{name}. */
export const REPORT_ACTION_SCRIPT_PATH = 'assets/report-action.js';

/**
 * The button of an action report's page that takes parameters (CreateSampleSeries): after the
 * confirmation ('Please confirm!' and the report's message) it POSTs the form's values as the
 * action's body with the bearer token of the app's signed-in user (same origin, so the page reads
 * the app's stored session; cookies do not count on POST). A same-origin file: the content
 * security policy allows no inline script.
 */
export const REPORT_ACTION_SCRIPT = `
document.addEventListener('click', async (event) => {
  const button = event.target.closest('[data-report-action]');
  if (!button || !button.form || !button.form.reportValidity()) return;
  if (!window.confirm('Please confirm!\\n\\n' + (button.dataset.confirm || ''))) return;
  const form = button.form;
  const output = form.querySelector('.action-result');
  const target = new URLSearchParams();
  const body = { confirmed: true };
  for (const [name, value] of new FormData(form)) {
    if (['form', 'model', 'id'].includes(name)) target.set(name, String(value));
    else if (value !== '') body[name] = String(value);
  }
  let token = '';
  try { token = JSON.parse(localStorage.getItem(${JSON.stringify(STORAGE_KEYS.user)}) || '{}').token || ''; } catch {}
  button.disabled = true;
  try {
    const response = await fetch(encodeURIComponent(button.dataset.reportAction) + '?' + target.toString(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer ' + token },
      body: JSON.stringify(body),
    });
    const result = await response.json().catch(() => ({}));
    output.textContent = result.message || 'Error ' + response.status;
  } finally {
    button.disabled = false;
  }
});
`;

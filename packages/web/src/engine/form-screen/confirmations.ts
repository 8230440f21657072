import type { FormTemplate } from '@mdis/shared';

export type ConfirmationMoment = 'new' | 'submit';

/**
 * The form template's confirmations that run at a moment (spec 1 §3: each runs 'on' new or
 * submit). Templates write them as a list or as a keyed object; the text is `message`
 * (or `text`/`question`).
 */
export function confirmationsFor(form: FormTemplate, moment: ConfirmationMoment): string[] {
  const raw = form.confirmations;
  const entries: unknown[] = Array.isArray(raw) ? raw : raw && typeof raw === 'object' ? Object.values(raw) : [];
  return entries.flatMap((entry) => {
    if (!entry || typeof entry !== 'object') return [];
    const { on, message, text, question } = entry as Record<string, unknown>;
    if (on !== moment) return [];
    const words = [message, text, question].find((v): v is string => typeof v === 'string' && v !== '');
    return words ? [words] : [];
  });
}

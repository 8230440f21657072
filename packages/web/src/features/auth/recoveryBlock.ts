import { RECOVERY_RESEND_BLOCK_MS, STORAGE_KEYS } from '@mdis/shared';

/** When this browser last sent a recovery request (spec 2 §9: browser storage too). */
export function recoverySentAt(): number | null {
  const stored = Number(localStorage.getItem(STORAGE_KEYS.recoveryEmailSentAt));
  return Number.isFinite(stored) && stored > 0 ? stored : null;
}

/** Whether the dialog is still in its 'sent' state: less than 6 hours since the last request. */
export function isRecoveryBlocked(now = Date.now()): boolean {
  const sentAt = recoverySentAt();
  return sentAt !== null && now - sentAt < RECOVERY_RESEND_BLOCK_MS;
}

export function rememberRecoverySent(now = Date.now()): void {
  localStorage.setItem(STORAGE_KEYS.recoveryEmailSentAt, String(now));
}

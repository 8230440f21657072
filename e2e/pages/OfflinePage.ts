import type { Locator, Page } from 'playwright-core';
import { hasText, hidden, visible } from '../support/wait';

/** Offline work (issue 22): "Keep offline" beside the filter bar, the top bar's status and Sync, the conflict dialog. */
export class OfflinePage {
  readonly status: Locator;
  readonly syncButton: Locator;
  readonly keepDialog: Locator;

  constructor(readonly page: Page) {
    this.status = page.getByTestId('offline-status');
    this.syncButton = page.getByRole('banner').getByRole('button', { name: 'Sync', exact: true });
    this.keepDialog = page.getByRole('dialog', { name: 'Keep offline' });
  }

  /** Keep offline → the size estimate → Download; waits for the message saying what was kept. */
  async keepOffline(): Promise<string> {
    await this.page.getByRole('button', { name: 'Keep offline', exact: true }).click();
    await visible(this.keepDialog);
    await this.waitForEstimate();
    await this.keepDialog.getByRole('button', { name: 'Download' }).click();
    await hidden(this.keepDialog, 120_000);
    const message = this.page.locator('.MuiSnackbar-root', { hasText: 'Kept offline' });
    await visible(message);
    return (await message.textContent()) ?? '';
  }

  async waitForEstimate(): Promise<void> {
    await hasText(this.keepDialog, 'records, about', 60_000);
  }

  /** The app shell and its chunks are in the worker's cache: a reload works without a network. */
  async waitForOfflineWorker(): Promise<void> {
    await this.page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
  }

  async waitForStatus(text: string, timeout?: number): Promise<void> {
    await hasText(this.status, text, timeout);
  }

  /** The status reads exactly this ('Online': nothing pending any more). */
  async waitForExactStatus(text: string, timeout = 30_000): Promise<void> {
    const deadline = Date.now() + timeout;
    for (;;) {
      const shown = ((await this.status.textContent()) ?? '').trim();
      if (shown === text) return;
      if (Date.now() > deadline) throw new Error(`Expected the offline status '${text}', found '${shown}'`);
      await this.page.waitForTimeout(200);
    }
  }

  conflictDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Changed on the server meanwhile' });
  }
}

import type { Locator, Page } from 'playwright-core';
import { hasText, pickOption, visible } from '../support/wait';

export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** The upload screen (/files-upload): the queue with its progress bars, then the assignment. */
export class FilesUploadPage {
  readonly queue: Locator;
  readonly uploaded: Locator;
  readonly assignGroup: Locator;

  constructor(readonly page: Page) {
    this.queue = page.getByRole('list', { name: 'Upload queue' });
    this.uploaded = page.getByRole('table', { name: 'Uploaded files' });
    this.assignGroup = page.getByRole('group', { name: 'Assign to record' });
  }

  async waitUntilShown(): Promise<void> {
    await visible(this.page.getByRole('heading', { name: 'File Upload' }));
    await visible(this.page.getByRole('button', { name: 'Choose files' }));
  }

  /** Picks files the way the 'Choose files' button does. */
  async pick(files: UploadFile[]): Promise<void> {
    await this.page.getByTestId('file-input').setInputFiles(files);
  }

  queued(name: string): Locator {
    return this.queue.getByRole('listitem', { name, exact: true });
  }

  progress(name: string): Locator {
    return this.page.getByRole('progressbar', { name: `progress of ${name}` });
  }

  uploadButton(): Locator {
    return this.page.getByRole('button', { name: /^Upload \d+ files?$|^Uploading/ });
  }

  /** The names in the 'Uploaded files' table, top to bottom. */
  async uploadedNames(): Promise<string[]> {
    if ((await this.uploaded.count()) === 0) return [];
    return this.uploaded.locator('tbody tr td:nth-child(3)').allInnerTexts();
  }

  tick(name: string): Locator {
    return this.page.getByRole('checkbox', { name: `select ${name}`, exact: true });
  }

  /** A select by its label: its accessible name also carries the chosen text, so the label finds it. */
  select(label: string): Locator {
    const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return this.page
      .locator('.MuiFormControl-root', { has: this.page.locator('label', { hasText: new RegExp(`^${escaped}$`) }) })
      .getByRole('combobox');
  }

  /** Opens one of the MUI selects and picks the option with this text. */
  async choose(label: string, option: string): Promise<void> {
    const select = this.select(label);
    const deadline = Date.now() + 15_000;
    while ((await select.getAttribute('aria-disabled')) === 'true') {
      if (Date.now() > deadline) throw new Error(`Expected the ${label} select to be enabled`);
      await this.page.waitForTimeout(100);
    }
    await pickOption(this.page, select, option);
    await hasText(select, option);
  }

  async expectMessage(text: string): Promise<void> {
    await hasText(this.page.locator('.MuiSnackbar-root'), text);
  }
}

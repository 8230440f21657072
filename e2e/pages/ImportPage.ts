import type { Locator, Page } from 'playwright-core';
import { hasText, pickOption, visible } from '../support/wait';

export interface ImportFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** The import screen (/forms/{form}-form/import): file, mapping, preview, commit, as a user sees them. */
export class ImportPage {
  readonly mapping: Locator;
  readonly errors: Locator;
  readonly counts: Locator;
  readonly alert: Locator;

  constructor(readonly page: Page) {
    this.mapping = page.getByRole('table', { name: 'Column mapping' });
    this.errors = page.getByRole('table', { name: 'Rows with errors' });
    this.counts = page.getByLabel('Import counts');
    this.alert = page.getByRole('alert');
  }

  async waitUntilShown(formLabel: string): Promise<void> {
    await visible(this.page.getByRole('heading', { name: `Import into ${formLabel}` }));
    await visible(this.page.getByRole('button', { name: 'Choose a file' }));
  }

  /** Picks a file the way the 'Choose a file' button does; the screen previews it at once. */
  async pick(file: ImportFile): Promise<void> {
    await this.page.getByTestId('file-input').setInputFiles(file);
    await hasText(this.page.getByRole('status', { name: 'Chosen file' }), file.name);
  }

  mappingOf(header: string): Locator {
    return this.page.getByRole('combobox', { name: `Form column for ${header}` });
  }

  /** The hint under a header's choice ('matched by label', 'ignored', 'your choice', …). */
  async hintOf(header: string): Promise<string> {
    const row = this.mapping
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: header, exact: true }) });
    return (await row.locator('.MuiFormHelperText-root').innerText()).trim();
  }

  async map(header: string, optionName: string): Promise<void> {
    await pickOption(this.page, this.mappingOf(header), optionName);
  }

  button(name: string | RegExp): Locator {
    return this.page.getByRole('button', { name });
  }

  /** Runs the preview and waits until it is shown (no 'Previewing…', the counts on screen). */
  async preview(): Promise<void> {
    await this.button('Preview').click();
    await visible(this.button('Preview'));
    await visible(this.counts);
  }

  async count(label: string): Promise<number> {
    const tile = this.counts.getByLabel(new RegExp(`^${label}: \\d+$`));
    const text = (await tile.getAttribute('aria-label')) ?? '';
    return Number(text.split(': ')[1]);
  }

  async waitForCount(label: string, value: number): Promise<void> {
    await visible(this.counts.getByLabel(`${label}: ${String(value)}`, { exact: true }));
  }

  /** The rows of the errors table as 'row | column | value | message'. */
  async errorRows(): Promise<string[]> {
    const rows = await this.errors.locator('tbody tr').all();
    return Promise.all(
      rows.map(async (row) => (await row.locator('td').allInnerTexts()).map((cell) => cell.trim()).join(' | ')),
    );
  }
}

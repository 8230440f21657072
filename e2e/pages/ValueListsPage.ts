import type { Locator, Page } from 'playwright-core';
import { hasText, visible } from '../support/wait';

/** The value lists page (/list-values/{listname}): the item editor, the list's lock and the items. */
export class ValueListsPage {
  readonly editor: Locator;
  readonly items: Locator;

  constructor(
    readonly page: Page,
    readonly listname: string,
  ) {
    this.editor = page.locator('form[aria-label="new item"], form[aria-label="edit item"]');
    this.items = page.getByRole('table', { name: `items of ${listname}` });
  }

  async goto(): Promise<void> {
    await this.page.goto(`/#/list-values/${encodeURIComponent(this.listname)}`);
    await visible(this.items);
  }

  input(label: string): Locator {
    return this.editor.getByLabel(label, { exact: true });
  }

  row(display: string): Locator {
    return this.items.locator('tbody tr', { has: this.page.getByRole('cell', { name: display, exact: true }) });
  }

  editButton(display: string): Locator {
    return this.items.getByRole('button', { name: `edit ${display}`, exact: true });
  }

  async fillItem(values: { sort?: string; display?: string; remark?: string }): Promise<void> {
    if (values.sort !== undefined) await this.input('Sort Index').fill(values.sort);
    if (values.display !== undefined) await this.input('Abbreviation').fill(values.display);
    if (values.remark !== undefined) await this.input('Description').fill(values.remark);
  }

  lockState(): Locator {
    return this.page.getByText(/^List is (Locked|Unlocked)$/);
  }

  async expectLocked(locked: boolean): Promise<void> {
    await hasText(this.lockState(), locked ? 'List is Locked' : 'List is Unlocked');
  }

  async expectMessage(text: string): Promise<void> {
    await hasText(this.page.locator('.MuiSnackbar-root'), text);
  }
}

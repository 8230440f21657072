import type { Locator, Page } from 'playwright-core';
import { hasText, hidden, pickOption, visible, waitForRoute } from '../support/wait';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A generic form (/forms/{name}-form[/{id}]): the filter bar, the toolbar, the record panel and the
 * record table, found by their roles and labels as a user sees them.
 */
export class FormPage {
  readonly filterBar: Locator;
  readonly toolbar: Locator;
  readonly panel: Locator;
  readonly table: Locator;
  readonly rows: Locator;
  readonly position: Locator;
  readonly deleteDialog: Locator;
  readonly serverErrors: Locator;

  constructor(
    readonly page: Page,
    readonly formName: string,
  ) {
    this.filterBar = page.getByRole('group', { name: 'Filter bar' });
    this.toolbar = page.getByRole('toolbar', { name: 'Record actions' });
    this.panel = page.locator('[data-record-panel]');
    this.table = page.getByRole('table', { name: `${formName} records` });
    this.rows = this.table.locator('tbody tr[data-record-id]');
    this.position = this.toolbar.getByLabel('Record position');
    this.deleteDialog = page.getByRole('dialog', { name: 'Delete a record' });
    this.serverErrors = page.getByRole('alert', { name: 'Server validation errors' });
  }

  async goto(path = `/forms/${this.formName}-form`): Promise<void> {
    await this.page.goto(`/#${path}`);
    await visible(this.toolbar);
  }

  filter(label: string): Locator {
    return this.filterBar.getByRole('combobox', { name: label, exact: true });
  }

  /** Opens a filter-bar select and picks the option with this text. */
  async chooseFilter(label: string, option: string): Promise<void> {
    const input = this.filter(label);
    await this.waitEnabled(input, `the ${label} filter`);
    await pickOption(this.page, input, option);
    await this.waitForValue(input, option);
  }

  async waitForValue(input: Locator, expected: string): Promise<void> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const value = await input.inputValue();
      if (value === expected) return;
      if (Date.now() > deadline) throw new Error(`Expected the value '${expected}', found '${value}'`);
      await this.page.waitForTimeout(100);
    }
  }

  async waitEnabled(locator: Locator, what: string): Promise<void> {
    const deadline = Date.now() + 15_000;
    while (!(await locator.isEnabled())) {
      if (Date.now() > deadline) throw new Error(`Expected ${what} to be enabled`);
      await this.page.waitForTimeout(100);
    }
  }

  button(name: string): Locator {
    return this.toolbar.getByRole('button', { name, exact: true });
  }

  /** A field of the record panel by its label ('*' marks a required one). */
  field(label: string): Locator {
    return this.panel.getByLabel(new RegExp(`^\\*?${escape(label)}$`));
  }

  /** The message MUI shows under a field. */
  fieldMessage(label: string): Locator {
    const input = this.page.getByLabel(new RegExp(`^\\*?${escape(label)}$`));
    return this.panel.locator('.MuiFormControl-root', { has: input }).locator('.MuiFormHelperText-root');
  }

  row(id: number): Locator {
    return this.table.locator(`tbody tr[data-record-id="${String(id)}"]`);
  }

  /** The table's rows as the ids they show, top to bottom. */
  async rowIds(): Promise<number[]> {
    const ids = await this.rows.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-record-id')));
    return ids.map(Number);
  }

  async waitForRowIds(expected: number[]): Promise<void> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const ids = await this.rowIds();
      if (JSON.stringify(ids) === JSON.stringify(expected)) return;
      if (Date.now() > deadline)
        throw new Error(`Expected rows ${JSON.stringify(expected)}, found ${JSON.stringify(ids)}`);
      await this.page.waitForTimeout(100);
    }
  }

  /** The record id in the route (`/forms/core-form/12?...` → 12), or null without one. */
  async routeId(): Promise<number | null> {
    const route = new URL(this.page.url()).hash.replace(/^#/, '');
    const match = new RegExp(`^/forms/${this.formName}-form/(\\d+)`).exec(route);
    return match?.[1] ? Number(match[1]) : null;
  }

  async waitForRouteId(id: number | null): Promise<string> {
    const base = `/forms/${this.formName}-form`;
    return waitForRoute(
      this.page,
      (route) => {
        const path = route.split('?')[0];
        return id === null ? path === base : path === `${base}/${String(id)}`;
      },
      id === null ? `${base} without an id` : `${base}/${String(id)}`,
    );
  }

  async waitForScenario(scenario: 'view' | 'edit' | 'create'): Promise<void> {
    await visible(this.page.locator(`[data-record-panel][data-scenario="${scenario}"]`));
  }

  /** Replaces a text field's value, committing it the way a user leaves the field. */
  async fill(label: string, value: string): Promise<void> {
    const input = this.field(label);
    await input.fill(value);
    await input.press('Tab');
  }

  snackbar(): Locator {
    return this.page.locator('.MuiSnackbar-root');
  }

  async expectMessage(text: string): Promise<void> {
    await hasText(this.snackbar(), text);
  }

  async save(): Promise<void> {
    await this.button('Save').click();
  }

  /** Esc on a changed record asks Save / Discard / Cancel (issue 18 item 7): this discards. */
  async escapeAndDiscard(): Promise<void> {
    await this.page.keyboard.press('Escape');
    const dialog = await visible(this.page.getByRole('dialog', { name: 'Unsaved changes' }));
    await dialog.getByRole('button', { name: 'Discard' }).click();
  }

  async confirmDelete(): Promise<void> {
    await this.button('Delete').click();
    await visible(this.deleteDialog);
    await hasText(this.deleteDialog, 'Are you sure? this action could not be reverted.');
    await this.deleteDialog.getByRole('button', { name: 'Delete' }).click();
    await hidden(this.deleteDialog);
  }
}

import type { Locator, Page } from 'playwright-core';
import { field, visible } from '../support/wait';

/** `/settings/application`: the app config form with its live header preview. */
export class ApplicationSettingsPage {
  readonly heading: Locator;
  readonly preview: Locator;
  readonly save: Locator;
  readonly summary: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Application settings' });
    this.preview = page.getByRole('region', { name: 'header preview' });
    this.save = page.getByRole('button', { name: 'Save settings' });
    this.summary = page.getByRole('alert');
  }

  async goto(): Promise<void> {
    await this.page.goto('/#/settings/application');
    await visible(this.heading);
  }

  input(label: string): Locator {
    return field(this.page, label);
  }

  /** The helper or error text MUI renders under a field. */
  helperText(label: string): Locator {
    return this.page.locator('.MuiFormControl-root', { has: this.input(label) }).locator('.MuiFormHelperText-root');
  }
}

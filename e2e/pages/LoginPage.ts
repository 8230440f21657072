import type { Locator, Page } from 'playwright-core';
import { field, hasText, visible } from '../support/wait';

/** The login screen (/login): Username / Email, Password with a show/hide toggle, 'Log In'. */
export class LoginPage {
  readonly username: Locator;
  readonly password: Locator;
  readonly toggleVisibility: Locator;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.username = field(page, 'Username / Email');
    this.password = field(page, 'Password');
    this.toggleVisibility = page.getByRole('button', { name: 'toggle password visibility' });
    this.submit = page.getByRole('button', { name: 'Log In' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/#/login');
    await this.waitUntilShown();
  }

  async waitUntilShown(): Promise<void> {
    await visible(this.username);
    await visible(this.submit);
  }

  async logIn(username: string, password: string): Promise<void> {
    await this.username.fill(username);
    await this.password.fill(password);
    await this.submit.click();
  }

  /** The helper text MUI renders under a field (in the same form control). */
  helperText(input: Locator): Locator {
    return this.page.locator('.MuiFormControl-root', { has: input }).locator('.MuiFormHelperText-root');
  }

  async expectPasswordMessage(message: string): Promise<void> {
    await hasText(this.helperText(this.password), message);
  }
}

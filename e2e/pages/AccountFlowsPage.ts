import type { Locator, Page } from 'playwright-core';
import { field, visible } from '../support/wait';

/** The Forgot Password dialog of the login page and the reset page of the mailed link. */
export class PasswordRecoveryPage {
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Forgot Password' });
  }

  async requestLink(email: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Forgot Password' }).click();
    await visible(this.dialog);
    await field(this.dialog, 'Email').fill(email);
    await this.dialog.getByRole('button', { name: 'Send' }).click();
  }

  /** Opens the link of the mail (an absolute URL) and sets the new password. */
  async resetThrough(link: string, password: string): Promise<void> {
    await this.page.goto(link);
    await field(this.page, 'New password').fill(password);
    await this.page.getByRole('button', { name: 'Reset password' }).click();
  }
}

/** The development login and consent pages of the test's OpenID provider (oidc-provider). */
export class ProviderLoginPage {
  constructor(readonly page: Page) {}

  async signInAndConsent(login: string): Promise<void> {
    await visible(this.page.locator('input[name="login"]'));
    await this.page.locator('input[name="login"]').fill(login);
    await this.page.locator('input[name="password"]').fill('any-password');
    await this.page.locator('button[type="submit"]').click();
    await visible(this.page.getByRole('button', { name: 'Continue' }));
    await this.page.getByRole('button', { name: 'Continue' }).click();
  }
}

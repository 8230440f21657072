import type { Locator, Page } from 'playwright-core';
import { field, hasText, hidden, visible } from '../support/wait';

export interface NewUser {
  username: string;
  email: string;
  name: string;
  password: string;
  roles: string[];
}

/** User Management (/settings/users): the users table (cards on a phone) and the New user / Edit user dialog. */
export class UsersPage {
  readonly heading: Locator;
  readonly newUserButton: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'User Management' });
    this.newUserButton = page.getByRole('button', { name: 'New user' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/#/settings/users');
    await visible(this.heading);
  }

  dialog(title: 'New user' | 'Edit user'): Locator {
    return this.page.getByRole('dialog', { name: title });
  }

  /** A user's table row, or on a phone their card. */
  row(username: string): Locator {
    const card = this.page.getByRole('list', { name: 'users' }).getByRole('listitem');
    return this.page.getByRole('row').or(card).filter({ hasText: username });
  }

  async openNewUserDialog(): Promise<Locator> {
    await this.newUserButton.click();
    return visible(this.dialog('New user'));
  }

  async fillUser(dialog: Locator, user: NewUser): Promise<void> {
    await field(dialog, 'Username').fill(user.username);
    await field(dialog, 'Email').fill(user.email);
    await field(dialog, 'Name').fill(user.name);
    await field(dialog, 'Password').fill(user.password);
    for (const role of user.roles) await dialog.getByRole('checkbox', { name: role, exact: true }).check();
  }

  async save(dialog: Locator, snackbarText: string): Promise<void> {
    await dialog.getByRole('button', { name: 'Save' }).click();
    await hidden(dialog);
    await hasText(this.page.getByRole('alert').or(this.page.locator('.MuiSnackbar-root')), snackbarText);
  }
}

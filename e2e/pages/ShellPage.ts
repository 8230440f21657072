import type { Locator, Page } from 'playwright-core';
import { hidden, rootAttribute, visible } from '../support/wait';

/** The application shell: top bar, navigation drawer, breadcrumbs, person menu. */
export class ShellPage {
  readonly logo: Locator;
  readonly navigation: Locator;
  readonly breadcrumbs: Locator;
  readonly darkModeToggle: Locator;
  readonly compactToggle: Locator;
  readonly accountMenuButton: Locator;
  readonly accountMenu: Locator;

  constructor(readonly page: Page) {
    this.logo = page.getByRole('img', { name: 'mDIS logo' });
    this.navigation = page.getByRole('navigation', { name: 'main navigation' });
    this.breadcrumbs = page.getByRole('navigation', { name: 'breadcrumb' });
    this.darkModeToggle = page.getByRole('button', { name: 'toggle dark mode' });
    this.compactToggle = page.getByRole('button', { name: 'toggle compact layout' });
    this.accountMenuButton = page.getByRole('button', { name: 'account menu' });
    this.accountMenu = page.getByRole('menu');
  }

  async waitUntilShown(): Promise<void> {
    await visible(this.logo);
    await visible(this.navigation);
    await visible(this.accountMenuButton);
  }

  navLink(name: string): Locator {
    return this.navigation.getByRole('link', { name, exact: true });
  }

  rootAttribute(name: 'data-theme' | 'data-compact'): Promise<string | null> {
    return this.page.evaluate((n) => document.documentElement.getAttribute(n), name);
  }

  async expectTheme(theme: 'dark' | 'light'): Promise<void> {
    await rootAttribute(this.page, 'data-theme', theme);
  }

  async expectCompact(compact: boolean): Promise<void> {
    await rootAttribute(this.page, 'data-compact', String(compact));
  }

  async openAccountMenu(): Promise<Locator> {
    await this.accountMenuButton.click();
    return visible(this.accountMenu);
  }

  async logOut(): Promise<void> {
    const menu = await this.openAccountMenu();
    await menu.getByRole('menuitem', { name: 'Logout' }).click();
    await hidden(this.accountMenu);
  }
}

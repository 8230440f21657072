import type { Locator, Page } from 'playwright-core';
import { field, pickOption, visible } from '../support/wait';

/** The dashboard ('/'): the edit mode switch, the widget grid and the 'Inactive Widgets' area. */
export class DashboardPage {
  readonly heading: Locator;
  readonly editSwitch: Locator;
  readonly activeArea: Locator;
  readonly inactiveArea: Locator;
  readonly settingsDialog: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Dashboard', level: 1 });
    this.editSwitch = page.getByLabel('edit mode');
    this.activeArea = page.getByRole('list', { name: 'Active Widgets' });
    this.inactiveArea = page.getByRole('list', { name: 'Inactive Widgets' });
    this.settingsDialog = page.getByRole('dialog', { name: /^Settings of / });
  }

  async goto(): Promise<void> {
    await this.page.goto('/#/');
    await visible(this.heading);
    await visible(this.activeArea);
  }

  /** A widget card by its title. */
  widget(title: string): Locator {
    return this.page.getByRole('region', { name: title, exact: true });
  }

  header(title: string): Locator {
    return this.widget(title).getByTestId('widget-header');
  }

  async setEditMode(on: boolean): Promise<void> {
    if ((await this.editSwitch.isChecked()) !== on) await this.editSwitch.click();
  }

  /**
   * Drags a widget by its handle onto `target` with small mouse steps: dnd-kit starts a drag only
   * after the pointer moved 5 px and follows pointer moves, not a jump. The drop lands where the
   * pointer is when the button is released.
   */
  async dragWidget(title: string, target: Locator): Promise<void> {
    const handle = this.page.getByRole('button', { name: `drag ${title}`, exact: true });
    await handle.scrollIntoViewIfNeeded();
    const from = await handle.boundingBox();
    if (!from) throw new Error(`no drag handle for ${title}`);
    await this.page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await this.page.mouse.down();
    await this.page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 5 });
    // dnd-kit scrolls the page near its edges while dragging: aim again until the target holds still
    for (let aim = 0; aim < 3; aim += 1) {
      const to = await target.boundingBox();
      if (!to) throw new Error('the drop target is not shown');
      await this.page.mouse.move(to.x + to.width / 2, to.y + Math.min(to.height / 2, 60), { steps: 15 });
      await this.page.waitForTimeout(200);
    }
    await this.page.mouse.up();
  }

  async openSettings(title: string): Promise<Locator> {
    await this.page.getByRole('button', { name: `settings of ${title}`, exact: true }).click();
    return visible(this.settingsDialog);
  }

  settingsField(label: string): Locator {
    return field(this.settingsDialog, label);
  }

  /** Picks `option` in a MUI select of the settings dialog. */
  async chooseSetting(label: string, option: string): Promise<void> {
    await pickOption(this.page, this.settingsDialog.getByRole('combobox', { name: label }), option);
  }

  async saveSettings(): Promise<void> {
    await this.settingsDialog.getByRole('button', { name: 'Save' }).click();
  }
}

import type { Locator, Page } from 'playwright-core';
import { field, hasText, pickOption, visible } from '../support/wait';

/** The template manager's pages: main page, data-model editor, model forms and form editor. */
export class TemplateManagerPage {
  constructor(readonly page: Page) {}

  async goto(path = ''): Promise<void> {
    await this.page.goto(`/#/settings/templates-manager${path}`);
  }

  input(label: string, scope: Page | Locator = this.page): Locator {
    return field(scope, label);
  }

  button(name: string, scope: Page | Locator = this.page): Locator {
    return scope.getByRole('button', { name, exact: true });
  }

  /** A MUI select (TextField select) by its label, then the option with this text. */
  async choose(label: string, option: string, scope: Page | Locator = this.page): Promise<void> {
    await pickOption(this.page, scope.getByRole('combobox', { name: label }), option);
  }

  /** Types into a field that commits on blur (names are converted then). */
  async commit(input: Locator, value: string): Promise<void> {
    await input.fill(value);
    await input.press('Tab');
  }

  modelCard(fullName: string): Locator {
    return this.page.getByRole('article', { name: `model ${fullName}` });
  }

  column(name: string): Locator {
    return this.page.getByRole('group', { name: `column ${name}`, exact: true });
  }

  index(name: string): Locator {
    return this.page.getByRole('group', { name: `index ${name}`, exact: true });
  }

  generator(): Locator {
    return this.page.getByRole('dialog', { name: /^Code generator/ });
  }

  /** Waits for the generator's results alert and closes the dialog. */
  async expectGenerated(): Promise<void> {
    const dialog = this.generator();
    await visible(dialog, 60_000);
    await hasText(dialog, 'Files generated', 60_000);
    await this.button('Close', dialog).click();
  }

  /**
   * Drags by a dnd-kit handle onto a target, in small steps: dnd-kit's pointer sensor starts a drag
   * only after the pointer moved a few pixels, and finds the drop target from pointer moves.
   */
  async drag(handle: Locator, target: Locator): Promise<void> {
    // Centred first: dnd-kit's auto-scroll near the window's edge would move the target away.
    await target.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const from = await handle.boundingBox();
    const to = await target.boundingBox();
    if (!from || !to) throw new Error('drag: the handle or the target is not on the screen');
    const mouse = this.page.mouse;
    await mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await mouse.down();
    await mouse.move(from.x + from.width / 2 + 8, from.y + from.height / 2 + 8, { steps: 4 });
    await mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
    await this.page.waitForTimeout(150);
    await mouse.up();
  }
}

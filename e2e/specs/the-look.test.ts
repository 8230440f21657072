import type { Locator, Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, inject, onTestFailed, test } from 'vitest';
import { DashboardPage } from '../pages/DashboardPage';
import { FormPage } from '../pages/FormPage';
import { LoginPage } from '../pages/LoginPage';
import { ShellPage } from '../pages/ShellPage';
import { TemplateManagerPage } from '../pages/TemplateManagerPage';
import { type DrillingHole, apiLogin, apiSeedHole } from '../support/api';
import { ADMIN } from '../support/env';
import { browserSuite } from '../support/suite';
import { hidden, visible } from '../support/wait';

// Issue 24, "The look": each complaint of the look paragraph, checked in the browser as a
// user would see it (computed styles and boxes), on a desktop and on a 390×844 phone.
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const NAMES = { program: 'LOK', expedition: '5095', acronym: 'LOOK' } as const;

/** The computed style properties that make two links look alike. */
async function linkLook(link: Locator): Promise<Record<string, string>> {
  return link.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      color: style.color,
      fontSize: style.fontSize,
      fontWeight: style.fontWeight,
      fontFamily: style.fontFamily,
      textDecorationLine: style.textDecorationLine,
      textTransform: style.textTransform,
    };
  });
}

/** How many lines a control's label takes (its text nodes, not its icon or badge). */
async function textLines(control: Locator): Promise<number> {
  return control.evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const tops = new Set<number>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if ((node.nodeValue ?? '').trim() === '' || node.parentElement?.closest('.MuiBadge-badge')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of Array.from(range.getClientRects()))
        if (rect.width > 0 && rect.height > 0) tops.add(Math.round(rect.top));
    }
    return tops.size;
  });
}

browserSuite('the look: the complaints of issue 24 are gone', 'look', (session) => {
  const baseUrl = inject('baseUrl');
  let seeded: DrillingHole;
  let page: Page;

  beforeAll(async () => {
    const { token } = await apiLogin(baseUrl, ADMIN.username, ADMIN.password);
    seeded = await apiSeedHole(baseUrl, token, NAMES, 2);
    page = await session().newPage();
    const login = new LoginPage(page);
    await login.goto();
    await login.logIn(ADMIN.username, ADMIN.password);
    await new ShellPage(page).waitUntilShown();
  });

  beforeEach(async () => {
    await page.setViewportSize(DESKTOP);
    onTestFailed(async () => {
      await session().shot(page, 'failed');
    });
  });

  test('the QR code scanner dialog has a title and a close button', async () => {
    await page.goto('/#/');
    await page.getByRole('button', { name: 'scan igsn code' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Code scanner', exact: true }));
    await visible(dialog.getByText('Code scanner', { exact: true }));
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await hidden(dialog);
  });

  test('the Imprint link looks like its neighbours in the footer', async () => {
    await page.goto('/#/');
    const footer = page.getByRole('contentinfo');
    const about = await linkLook(footer.getByRole('link', { name: 'About' }));
    const imprint = footer.getByRole('button', { name: 'Imprint' });
    expect(await linkLook(imprint)).toEqual(about);
    // its dialog has the header every dialog has: the title and a close button
    await imprint.click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Imprint', exact: true }));
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await hidden(dialog);
  });

  test('Save & Generate has one colour: the model editor and the form editor', async () => {
    const manager = new TemplateManagerPage(page);
    const saveAndGenerate = async (path: string) => {
      await manager.goto(path);
      const button = await visible(page.getByRole('button', { name: 'Save & Generate', exact: true }));
      return button.evaluate((element) => {
        const style = getComputedStyle(element);
        return { background: style.backgroundColor, color: style.color };
      });
    };
    const model = await saveAndGenerate('/data-models/update/CoreCore');
    const form = await saveAndGenerate('/forms/CoreCore/update/core');
    expect(model.background, 'the primary action is filled').not.toBe('rgba(0, 0, 0, 0)');
    expect(form).toEqual(model);
  });

  test('an empty search in the template manager says what to do and offers it', async () => {
    const manager = new TemplateManagerPage(page);
    await manager.goto();
    await visible(page.getByRole('article').first());
    await manager.input('Filter by name').fill('no model is called like this');
    await page.getByRole('button', { name: 'Clear the filter' }).click();
    await visible(page.getByRole('article').first());
  });

  describe('a data form', () => {
    let form: FormPage;

    beforeAll(() => {
      form = new FormPage(page, 'core');
    });

    for (const [device, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      test(`'Filter by value' reads on one line (${device})`, async () => {
        await page.setViewportSize(viewport);
        await form.goto(`/forms/core-form/${String(seeded.cores[0]?.id)}`);
        const button = await visible(form.page.getByRole('button', { name: /Filter by value$/ }));
        expect(await textLines(button)).toBe(1);
      });
    }

    // At 1280 px with the drawer open the filter row holds up to 7 selects, Keep offline, the filter
    // toggle, Filter by value and Help: nothing may overlap, be cut short or squeezed unreadable.
    for (const name of ['core', 'section', 'sample'])
      test(`the ${name} form's filter row at 1280 px: no control overlaps or is cut short`, async () => {
        await page.setViewportSize(DESKTOP);
        await new FormPage(page, name).goto();
        const section = await visible(page.locator('[aria-label="Filter"]'));
        await page.waitForTimeout(300);
        const problems = await section.evaluate((root) => {
          const found: string[] = [];
          const name = (element: Element) =>
            element.getAttribute('aria-label') ?? element.getAttribute('data-filter-key') ?? element.textContent.trim();
          const controls = Array.from(root.querySelectorAll<HTMLElement>('button, a, input[role="combobox"]')).filter(
            (element) => element.getBoundingClientRect().width > 0 && !element.closest('.MuiAutocomplete-endAdornment'),
          );
          const boxes = controls.map((element) => {
            // a select is its whole outlined field, not just its input
            const box = (element.closest('.MuiFormControl-root') ?? element).getBoundingClientRect();
            return { element, box };
          });
          for (const [i, a] of boxes.entries())
            for (const b of boxes.slice(i + 1)) {
              const overlap =
                Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left) > 1 &&
                Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top) > 1;
              if (overlap) found.push(`${name(a.element)} overlaps ${name(b.element)}`);
            }
          for (const { element, box } of boxes) {
            if (element.scrollWidth > element.clientWidth + 1) found.push(`${name(element)} is cut short`);
            if (element.tagName === 'INPUT' && box.width < 160)
              found.push(`${name(element)} is ${String(Math.round(box.width))} px wide`);
            if (box.right > root.getBoundingClientRect().right + 1) found.push(`${name(element)} sticks out`);
          }
          return found;
        });
        await session().shot(page, `filter-row-${name}-1280`);
        expect(problems).toEqual([]);
      });

    test('on a phone the help icon sits beside Filter by value, not alone on a row', async () => {
      await page.setViewportSize(PHONE);
      await form.goto(`/forms/core-form/${String(seeded.cores[0]?.id)}`);
      const filterByValue = await visible(page.getByRole('button', { name: /Filter by value$/ }));
      const help = await visible(page.getByRole('link', { name: 'Help', exact: true }));
      const [a, b] = [await filterByValue.boundingBox(), await help.boundingBox()];
      const middle = (box: typeof a) => (box ? box.y + box.height / 2 : NaN);
      expect(Math.abs(middle(a) - middle(b)), 'Help and Filter by value share a row').toBeLessThan(8);
      expect(b && b.x + b.width <= PHONE.width, 'Help is on screen').toBe(true);
    });

    test('on a phone every filter select takes the full width', async () => {
      await page.setViewportSize(PHONE);
      await form.goto(`/forms/core-form/${String(seeded.cores[0]?.id)}`);
      const bar = await visible(form.filterBar);
      const barWidth = (await bar.boundingBox())?.width ?? 0;
      const selects = await bar.getByRole('combobox').all();
      expect(selects.length, 'filter selects').toBeGreaterThan(1);
      for (const select of selects) {
        const control = select.locator('xpath=ancestor::div[contains(@class, "MuiFormControl-root")][1]');
        const width = (await control.boundingBox())?.width ?? 0;
        expect(width, `${String(await select.getAttribute('aria-label'))} is narrower than the bar`).toBeGreaterThan(
          barWidth * 0.9,
        );
      }
    });

    test("on a phone the toolbar keeps two rows and puts the rest behind 'More actions'", async () => {
      await page.setViewportSize(PHONE);
      await form.goto(`/forms/core-form/${String(seeded.cores[0]?.id)}`);
      await visible(form.toolbar);
      const rows = await form.toolbar.evaluate((toolbar) => {
        const boxes = Array.from(toolbar.querySelectorAll<HTMLElement>('button, [role="button"], a'))
          .map((control) => control.getBoundingClientRect())
          .filter((box) => box.width > 0)
          .sort((a, b) => a.top - b.top);
        // a control starts a row when it lies below every control of the row before
        let count = 0;
        let bottom = -Infinity;
        for (const box of boxes) {
          if (box.top >= bottom - 1) {
            count += 1;
            bottom = box.bottom;
          } else bottom = Math.max(bottom, box.bottom);
        }
        return count;
      });
      expect(rows, 'rows of toolbar controls').toBeLessThanOrEqual(2);
      // the rest is one tap away: the 'More actions' menu holds Smart Copy, Delete and the form's extras
      const more = form.toolbar.getByRole('button', { name: 'More actions' });
      await more.click();
      // an open menu is modal: the page behind it, toolbar and button too, leaves the accessibility tree
      const button = page.getByRole('button', { name: 'More actions', includeHidden: true });
      expect(await button.getAttribute('aria-expanded')).toBe('true');
      const menu = await visible(page.getByRole('menu', { name: 'More actions' }));
      await visible(menu.getByRole('menuitem', { name: 'Delete', exact: true }));
      await visible(menu.getByRole('menuitem', { name: 'History', exact: true }));
      await page.keyboard.press('Escape');
      await hidden(menu);
      expect(await more.getAttribute('aria-expanded')).toBe('false');
    });
  });

  test('the dashboard between 960 and 1264 px lays its rows out as the widgets are sized', async () => {
    const { token } = await apiLogin(baseUrl, ADMIN.username, ADMIN.password);
    const response = await fetch(`${baseUrl}/api/v1/widgets?sort=order`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const { items } = (await response.json()) as { items: { id: number; active: number; md_size: number }[] };
    // The grid's own wrapping at md: a widget that does not fit the rest of a row starts the next.
    const expected: { ids: string[]; columns: number }[] = [];
    for (const widget of items.filter((w) => w.active === 1)) {
      const last = expected.at(-1);
      if (last && last.columns + widget.md_size <= 12) {
        last.ids.push(String(widget.id));
        last.columns += widget.md_size;
      } else expected.push({ ids: [String(widget.id)], columns: widget.md_size });
    }
    const dashboard = new DashboardPage(page);
    for (const width of [1000, 1250]) {
      await page.setViewportSize({ width, height: 900 });
      await dashboard.goto();
      await page.waitForTimeout(300);
      const rows = await dashboard.activeArea.evaluate((list) => {
        const area = list.getBoundingClientRect();
        const byTop = new Map<number, { ids: string[]; left: number; right: number }>();
        for (const item of Array.from(list.querySelectorAll<HTMLElement>(':scope > [role="listitem"]'))) {
          const box = item.getBoundingClientRect();
          const top = Math.round(box.top);
          const row = byTop.get(top) ?? { ids: [], left: box.left, right: box.right };
          row.ids.push(item.querySelector('[data-widget-id]')?.getAttribute('data-widget-id') ?? '');
          row.left = Math.min(row.left, box.left);
          row.right = Math.max(row.right, box.right);
          byTop.set(top, row);
        }
        return Array.from(byTop.values()).map((row) => ({ ids: row.ids, share: (row.right - row.left) / area.width }));
      });
      expect(
        rows.map((row) => row.ids),
        `rows at ${String(width)} px`,
      ).toEqual(expected.map((row) => row.ids));
      // The default dashboard's sizes fill every row (server widgets test), so no half-empty row shows.
      rows.forEach((row, index) =>
        expect(row.share, `row ${row.ids.join(',')} at ${String(width)} px`).toBeCloseTo(
          (expected[index]?.columns ?? 0) / 12,
          1,
        ),
      );
    }
  });
});

import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, expect, inject, onTestFailed, test } from 'vitest';
import { FormPage } from '../pages/FormPage';
import { LoginPage } from '../pages/LoginPage';
import { ShellPage } from '../pages/ShellPage';
import { type ApiRecord, apiCreateRecord, apiListRecords, apiLogin } from '../support/api';
import { ADMIN } from '../support/env';
import { browserSuite } from '../support/suite';

// A day's core logging (issue 18): expedition → site → hole → 3 cores → 3 sections → a split → 5
// samples, entered with the keyboard only: the form shortcuts (alt+1 filter, alt+2 form, alt+3 table,
// alt+shift+n new, alt+shift+s save), Tab between fields, typing, arrows and Enter in pulldowns, and
// the arrow keys between the table's records. Moving to the next form types its address with the
// parent as filter, as its sub-form button would open it.

const PROGRAM = 'KBD';

/** The label of the focused control, without the required marker: what a screen reader announces. */
function focusedLabel(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLInputElement | null;
    const label = element?.labels?.[0]?.textContent ?? element?.getAttribute('aria-label') ?? '';
    return label
      .replace(/[*\u2009\s]+$/g, '')
      .replace(/^\*/, '')
      .trim();
  });
}

/** Whether the focus is in the first field of the record panel, where a new record starts. */
function focusInFirstField(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const first = document.querySelector('[data-record-panel] input:not([disabled]), [data-record-panel] textarea');
    return first !== null && document.activeElement === first;
  });
}

/** Tab (forwards) until the field with this label has the focus. */
async function tabTo(page: Page, label: string): Promise<void> {
  const seen: string[] = [];
  for (let presses = 0; presses < 150; presses += 1) {
    const focused = await focusedLabel(page);
    if (focused === label) return;
    seen.push(focused);
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached the field '${label}'; it went ${seen.slice(0, 20).join(' → ')} …`);
}

/** Replaces what the field holds (a default, say) with the text. */
async function typeInto(page: Page, label: string, text: string): Promise<void> {
  await tabTo(page, label);
  await page.keyboard.press('ControlOrMeta+KeyA');
  await page.keyboard.type(text);
}

/** A date as the focused input takes it from the keyboard: a native date input in the en-US order. */
async function typeDate(page: Page, label: string, iso: string): Promise<void> {
  await tabTo(page, label);
  const native = await page.evaluate(() => (document.activeElement as HTMLInputElement).type === 'date');
  const [year = '', month = '', day = ''] = iso.split('-');
  await page.keyboard.type(native ? `${month}${day}${year}` : iso);
}

/** In a pulldown: type to narrow it, arrow down to the first match, Enter. */
async function choose(page: Page, label: string, text: string): Promise<void> {
  await tabTo(page, label);
  await page.keyboard.type(text);
  await page.getByRole('listbox').getByRole('option').first().waitFor();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
}

/** alt+shift+n, and the focus in the first field of the new record (issue 18 item 13: no alt+2 needed). */
async function startNew(page: Page, form: FormPage): Promise<void> {
  await page.keyboard.press('Alt+Shift+KeyN');
  await form.waitForScenario('create');
  const deadline = Date.now() + 5_000;
  while (!(await focusInFirstField(page))) {
    if (Date.now() > deadline) {
      throw new Error(`alt+shift+n left the focus on '${await focusedLabel(page)}', not in the first field`);
    }
    await page.waitForTimeout(50);
  }
}

/** alt+shift+s, the confirmation, and the new record's id from the address. */
async function save(page: Page, form: FormPage): Promise<number> {
  await page.keyboard.press('Alt+Shift+KeyS');
  await form.expectMessage('Record was created successfully');
  await form.waitForScenario('view');
  const id = await form.routeId();
  if (id === null) throw new Error(`no record id in the address after saving on the ${form.formName} form`);
  return id;
}

async function openForm(page: Page, name: string, filter: string): Promise<FormPage> {
  const form = new FormPage(page, name);
  await form.goto(`/forms/${name}-form${filter ? `?filter=${encodeURIComponent(filter)}` : ''}`);
  return form;
}

browserSuite("a day's core logging by keyboard only", 'keyboard-day', (session) => {
  const baseUrl = inject('baseUrl');
  let page: Page;
  let token = '';
  let program: ApiRecord;

  beforeAll(async () => {
    token = (await apiLogin(baseUrl, ADMIN.username, ADMIN.password)).token;
    program = await apiCreateRecord(baseUrl, token, 'program', { program: PROGRAM, name: 'Keyboard day program' });
    page = await session().newPage();
    const login = new LoginPage(page);
    await login.goto();
    // the login form by keyboard: the username field has the focus, Tab to the password, Enter
    await login.username.focus();
    await page.keyboard.type(ADMIN.username);
    await page.keyboard.press('Tab');
    await page.keyboard.type(ADMIN.password);
    await page.keyboard.press('Enter');
    await new ShellPage(page).waitUntilShown();
  });

  beforeEach(() => {
    onTestFailed(async () => {
      await session().shot(page, 'failed');
    });
  });

  test('expedition → site → hole → 3 cores → 3 sections → a split → 5 samples', { timeout: 300_000 }, async () => {
    const shot = (step: string) => session().shot(page, step);

    // Expedition: alt+1 to the filter bar, the program chosen there, then a new record.
    const expeditions = await openForm(page, 'expedition', '');
    await expeditions.waitEnabled(expeditions.filter('Program'), 'the Program filter'); // its list has loaded
    await page.keyboard.press('Alt+Digit1');
    expect(await focusedLabel(page)).toBe('Program');
    await page.keyboard.type(PROGRAM);
    await page.getByRole('listbox').getByRole('option').first().waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expeditions.waitForValue(expeditions.filter('Program'), PROGRAM);
    await startNew(page, expeditions);
    expect(await focusedLabel(page)).toBe('Expedition Code');
    await typeInto(page, 'Expedition Code', '9001');
    await typeInto(page, 'Expedition Acronym', 'KEYS');
    await typeInto(page, 'Expedition Name', 'Keyboard expedition');
    await choose(page, 'List of Chief Scientists', 'Anna');
    await typeInto(page, 'Contact Person', 'Anna Meyer');
    await typeDate(page, 'Start of Expedition', '2026-05-01');
    await shot('expedition-typed');
    const expeditionId = await save(page, expeditions);
    await shot('expedition-saved');

    // Site and hole.
    const sites = await openForm(page, 'site', `program:${String(program.id)},expedition:${String(expeditionId)}`);
    await startNew(page, sites);
    await typeInto(page, 'Site', '1');
    const siteId = await save(page, sites);
    await shot('site-saved');

    const holes = await openForm(page, 'hole', `expedition:${String(expeditionId)},site:${String(siteId)}`);
    await startNew(page, holes);
    await typeInto(page, 'Hole Code/Identifier', 'A');
    await typeDate(page, 'Start Date', '2026-05-02');
    const holeId = await save(page, holes);
    await shot('hole-saved');

    // Three cores of 3 m each, one after the other.
    const holeFilter = `expedition:${String(expeditionId)},site:${String(siteId)},hole:${String(holeId)}`;
    const cores = await openForm(page, 'core', holeFilter);
    const coreIds: number[] = [];
    for (let n = 1; n <= 3; n += 1) {
      await startNew(page, cores);
      await typeInto(page, 'Core Number', String(n));
      await typeInto(page, 'Core on Deck (CoD)', `2026-05-03 0${String(6 + n)}:00`);
      await typeInto(page, 'Drillers Top Core Depth [mbrf]', String(100 + 3 * (n - 1)));
      await typeInto(page, 'Drilled Length [m]', '3');
      coreIds.push(await save(page, cores));
    }
    await shot('cores-saved');

    // alt+3 to the table (the third core, just saved), the arrow keys up to the first core and back.
    await page.keyboard.press('Alt+Digit3');
    await page.keyboard.press('ArrowUp');
    await cores.waitForRouteId(coreIds[1] ?? 0);
    await page.keyboard.press('ArrowUp');
    await cores.waitForRouteId(coreIds[0] ?? 0);
    await page.keyboard.press('ArrowDown');
    await cores.waitForRouteId(coreIds[1] ?? 0);
    await page.keyboard.press('ArrowUp');
    await cores.waitForRouteId(coreIds[0] ?? 0);
    await cores.waitForValue(cores.field('Core Number'), '1');
    expect(await cores.row(coreIds[0] ?? 0).getAttribute('aria-current')).toBe('true');
    await shot('first-core-by-arrows');

    // Three sections of the first core.
    const coreFilter = `${holeFilter},core:${String(coreIds[0])}`;
    const sections = await openForm(page, 'section', coreFilter);
    const sectionIds: number[] = [];
    for (let n = 1; n <= 3; n += 1) {
      await startNew(page, sections);
      await typeInto(page, 'Section Number', String(n));
      sectionIds.push(await save(page, sections));
    }
    await shot('sections-saved');

    // The first section's whole round came with it: its working half, split from that whole round.
    const sectionFilter = `${coreFilter},section:${String(sectionIds[0])}`;
    const splits = await openForm(page, 'split', sectionFilter);
    await startNew(page, splits);
    await choose(page, 'Split Type', 'Working');
    await choose(page, 'Origin Split ID', 'WR');
    await typeInto(page, 'Percent of Wholeround [%]', '50');
    const splitId = await save(page, splits);
    await shot('split-saved');

    // Five samples along it.
    const samples = await openForm(page, 'sample', `${sectionFilter},sectionSplit:${String(splitId)}`);
    for (let n = 0; n < 5; n += 1) {
      await startNew(page, samples);
      await typeInto(page, 'Top [cm]', String(10 * n));
      await save(page, samples);
    }
    await shot('samples-saved');

    expect(await apiListRecords(baseUrl, token, 'core', { hole_id: holeId })).toHaveLength(3);
    expect(await apiListRecords(baseUrl, token, 'section', { core_id: coreIds[0] ?? 0 })).toHaveLength(3);
    expect(await apiListRecords(baseUrl, token, 'sample', { section_split_id: splitId })).toHaveLength(5);
  });
});

import type { Locator, Page } from 'playwright-core';

/**
 * An input by its label, exactly, allowing MUI's required marker (' *'): 'Name' must not find
 * 'Username', and 'Password' must not find the 'toggle password visibility' button.
 */
export function field(scope: Page | Locator, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return scope.getByLabel(new RegExp(`^${escaped}(\\s*\\*)?$`));
}

// playwright-core has no auto-retrying expect(); these helpers wait for a state or throw with a
// message that says what was expected.
const TIMEOUT_MS = 15_000;

export async function visible(locator: Locator, timeout = TIMEOUT_MS): Promise<Locator> {
  await locator.first().waitFor({ state: 'visible', timeout });
  return locator;
}

export async function hidden(locator: Locator, timeout = TIMEOUT_MS): Promise<void> {
  await locator.first().waitFor({ state: 'hidden', timeout });
}

/** Waits until the hash route (without the leading '#') satisfies the test; returns it. */
export async function waitForRoute(page: Page, test: (route: string) => boolean, what: string): Promise<string> {
  const deadline = Date.now() + TIMEOUT_MS;
  for (;;) {
    const route = new URL(page.url()).hash.replace(/^#/, '');
    if (test(route)) return route;
    if (Date.now() > deadline) throw new Error(`Expected the route to be ${what}, but it is '${route}'`);
    await page.waitForTimeout(100);
  }
}

/** Waits until <html> carries the attribute value (the shell's stable test hooks). */
export async function rootAttribute(page: Page, name: string, value: string): Promise<void> {
  await page
    .waitForFunction(([n, v]) => document.documentElement.getAttribute(n) === v, [name, value] as const, {
      timeout: TIMEOUT_MS,
    })
    .catch(async () => {
      const actual = await page.evaluate((n) => document.documentElement.getAttribute(n), name);
      throw new Error(`Expected <html ${name}="${value}">, found ${String(actual)}`);
    });
}

/** Waits until the locator's text contains the expected text. */
export async function hasText(locator: Locator, expected: string, timeout = TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const text = (await locator.allInnerTexts()).join(' | ');
    if (text.includes(expected)) return;
    if (Date.now() > deadline) throw new Error(`Expected text '${expected}', found '${text}'`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Waits until the element and its ancestors end their finite animations and transitions (a dialog's
 * fade): a screenshot or a style read halfway through one sees a translucent or half-moved element.
 */
export async function settled(locator: Locator): Promise<void> {
  await locator.first().evaluate(async (element) => {
    const chain = new Set<Element>();
    for (let node: Element | null = element; node; node = node.parentElement) chain.add(node);
    const running = document.getAnimations().filter((animation) => {
      const effect = animation.effect;
      if (!(effect instanceof KeyframeEffect) || !effect.target) return false;
      return chain.has(effect.target) && effect.getComputedTiming().iterations !== Infinity;
    });
    await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/**
 * Opens a single-choice MUI select and picks the option with this name. A click that falls in the
 * menu's opening transition can be lost, leaving the menu open over what comes next (a fresh-clone
 * CI run, 2026-11-28): the option is clicked until the menu closes, three times at most.
 */
export async function pickOption(page: Page, select: Locator, option: string): Promise<void> {
  await select.click();
  const listbox = await visible(page.getByRole('listbox'));
  for (let attempt = 0; attempt < 3 && (await listbox.isVisible()); attempt++) {
    await listbox.getByRole('option', { name: option, exact: true }).click();
    await listbox.waitFor({ state: 'hidden', timeout: 5_000 }).catch(() => undefined);
  }
}

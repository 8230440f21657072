import { openWebStage, freshContext } from './web-stage';
import { rowsShownAt } from './web-probes';
const stage = await openWebStage({ samples: 1_000_000, build: false, label: 'shots' });
try {
  const context = await freshContext(stage.browser, stage.baseUrl, stage.user);
  const page = await context.newPage();
  await page.goto('/#/forms/sample-form');
  await rowsShownAt(page);
  await page.screenshot({ path: '/tmp/shots/desktop-at-first-rows.png' });
  await page.waitForTimeout(1500);
  await page.screenshot({ path: '/tmp/shots/desktop-after-1.5s.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await rowsShownAt(page);
  await page.waitForTimeout(1000);
  await page.screenshot({ path: '/tmp/shots/phone.png', fullPage: false });
  await page.getByRole('button', { name: /open navigation|menu/i }).first().click();
  await page.waitForTimeout(800);
  await page.screenshot({ path: '/tmp/shots/phone-drawer.png' });
  await context.close();
} finally {
  await stage.close();
}

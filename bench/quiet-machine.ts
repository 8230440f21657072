// Waits until the machine is quiet before a measured step of the browser benches: a fresh browser
// context first loads Chromium's own pages (the new window's omnibox and its WebUI resources), and
// a load leaves work behind it (the offline worker precaching the app, idle callbacks). On two
// cores that work took the CPU from the step measured next and was counted as the app's time.
import { readFileSync } from 'node:fs';
import os from 'node:os';

const WINDOW_MS = 100;
/** Two windows in a row at least this idle (a share of all cores) count as quiet. */
const QUIET_SHARE = 0.85;
const GIVE_UP_MS = 10_000;

function cpuTicks(): { busy: number; total: number } {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, ticks) => sum + ticks, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { busy: total - idle, total };
}

/** Resolves once two windows of 100 ms were ≥ 85 % idle, or after 10 s (said on the console); at once where /proc is missing. */
export async function untilQuiet(): Promise<void> {
  if (os.platform() !== 'linux') return;
  const started = Date.now();
  let quietWindows = 0;
  let before = cpuTicks();
  while (quietWindows < 2) {
    if (Date.now() - started > GIVE_UP_MS) {
      console.log('  (the machine did not become quiet within 10 s; measuring anyway)');
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
    const now = cpuTicks();
    const total = now.total - before.total;
    quietWindows = total > 0 && 1 - (now.busy - before.busy) / total >= QUIET_SHARE ? quietWindows + 1 : 0;
    before = now;
  }
}

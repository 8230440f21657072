/** A window in the background paints nothing (no animation frames): then this long is enough. */
const BACKGROUND_WAIT_MS = 100;

/**
 * Resolves once the browser has painted what is in the document now: a task queued from the next
 * animation frame runs after that frame's paint. Work awaiting it cannot hold back the paint of
 * what was just committed (a confirmation before the screen it confirms re-renders).
 */
export function nextPaint(): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, BACKGROUND_WAIT_MS);
    const painted = () =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0);
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(painted);
    else painted();
  });
}

import { createTwoFilesPatch } from 'diff';

/** Unchanged lines shown around each change, as `diff -u` does. */
const CONTEXT = 3;

/**
 * The unified diff from the stored file to the generated text, as `diff -u` prints it (the
 * `Index:` and `====` lines of jsdiff left out, so `patch` and the dialog see the plain form).
 */
export function unifiedDiff(path: string, before: string, after: string): string {
  const patch = createTwoFilesPatch(path, path, before, after, '(stored)', '(generated)', {
    context: CONTEXT,
  });
  return patch.replace(/^(Index: .*\n)?=+\n/, '');
}

/** Above this many line pairs the diff is not aligned: the whole text is shown as replaced. */
const MAX_CELLS = 4_000_000;

/**
 * A line diff of two texts: unchanged lines with ' ', removed '-', added '+' (longest common
 * subsequence). Small on purpose: generated files are a few hundred lines, and the `diff`
 * package is not a dependency of this project.
 */
export function lineDiff(before: string, after: string): string {
  const a = before.split('\n');
  const b = after.split('\n');
  if (a.length * b.length > MAX_CELLS) return [...a.map((l) => `-${l}`), ...b.map((l) => `+${l}`)].join('\n');
  const width = b.length + 1;
  const lcs = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i -= 1)
    for (let j = b.length - 1; j >= 0; j -= 1)
      lcs[i * width + j] =
        a[i] === b[j] ? lcs[(i + 1) * width + j + 1] + 1 : Math.max(lcs[(i + 1) * width + j], lcs[i * width + j + 1]);
  const lines: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      lines.push(` ${a[i]}`);
      i += 1;
      j += 1;
    } else if (j < b.length && (i === a.length || lcs[i * width + j + 1] >= lcs[(i + 1) * width + j])) {
      lines.push(`+${b[j]}`);
      j += 1;
    } else {
      lines.push(`-${a[i]}`);
      i += 1;
    }
  }
  return lines.join('\n');
}

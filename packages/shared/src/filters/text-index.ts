/**
 * What a trigram text index needs from the filter language: the literal text every match of a
 * pattern must contain, and the case folding under which index and pattern agree.
 *
 * The index may only narrow: every row the regex matches must be among its candidates (the regex
 * then confirms each one). So the literals are a conservative under-approximation of the pattern,
 * and the folding is at least as coarse as the regex's case-insensitivity.
 */

/** Shorter literals have no trigram: the index cannot help, the filter scans. */
export const MIN_INDEXED_LITERAL = 3;

// A character as the regex's `iu` flags compare it (simple case folding), approximated per code
// point by lower(upper(c)): ſ → s, ς → σ, µ → μ, K (Kelvin) → k. Where upper or lower is not one
// code point (ß, İ) the character is only lowered; that folds no two characters apart that the
// regex folds together, which is all the index needs.
function isOneCodePoint(text: string): boolean {
  const first = text.codePointAt(0);
  return first !== undefined && String.fromCodePoint(first) === text;
}

function foldChar(c: string): string {
  const upper = c.toUpperCase();
  const lowered = isOneCodePoint(upper) ? upper.toLowerCase() : c.toLowerCase();
  return isOneCodePoint(lowered) ? lowered : c;
}

const foldedChars = new Map<string, string>();

/**
 * The text an index stores and a literal is looked up by: case-folded per character.
 * @example foldForTextIndex('SEDiment') // 'sediment'
 */
export function foldForTextIndex(text: string): string {
  let ascii = true;
  for (let i = 0; i < text.length; i += 1)
    if (text.charCodeAt(i) > 0x7f) {
      ascii = false;
      break;
    }
  if (ascii) return text.toLowerCase();
  let out = '';
  for (const c of text) {
    let folded = foldedChars.get(c);
    if (folded === undefined) {
      folded = foldChar(c);
      if (foldedChars.size < 10_000) foldedChars.set(c, folded);
    }
    out += folded;
  }
  return out;
}

const ESCAPED_LITERALS = '^$\\.*+?()[]{}|/-';

/** Skips a bracket expression starting at `i` (the `[`); returns the index after its `]`. */
function skipBracket(pattern: string, i: number): number {
  let j = i + 1;
  if (pattern[j] === '^') j += 1;
  if (pattern[j] === ']') j += 1;
  while (j < pattern.length && pattern[j] !== ']') j += pattern[j] === '\\' ? 2 : 1;
  return j + 1;
}

/** Skips a group starting at `i` (the `(`); returns the index after its `)`. */
function skipGroup(pattern: string, i: number): number {
  let depth = 0;
  let j = i;
  while (j < pattern.length) {
    const c = pattern[j];
    if (c === '\\') j += 2;
    else if (c === '[') j = skipBracket(pattern, j);
    else {
      if (c === '(') depth += 1;
      if (c === ')') depth -= 1;
      j += 1;
      if (depth === 0) return j;
    }
  }
  return j;
}

/** A quantifier at `i`: how far it reaches and whether it allows zero repetitions. */
function quantifierAt(pattern: string, i: number): { end: number; optional: boolean } | undefined {
  const c = pattern[i];
  let end: number;
  let optional: boolean;
  if (c === '*' || c === '?' || c === '+') {
    end = i + 1;
    optional = c !== '+';
  } else if (c === '{') {
    const bound = /^\{(\d+)(?:,\d*)?\}/.exec(pattern.slice(i));
    if (!bound) return undefined;
    end = i + bound[0].length;
    optional = Number(bound[1]) === 0;
  } else {
    return undefined;
  }
  if (pattern[end] === '?') end += 1;
  return { end, optional };
}

/**
 * The literal runs (each at least {@link MIN_INDEXED_LITERAL} characters) that every match of a
 * portable filter pattern contains, unfolded. Empty when there are none or the pattern alternates
 * at its top level (a|b): the caller then scans. Groups, classes, `.` and escapes like `\d` end a
 * run; a quantifier that allows zero takes its character out of the run.
 * @example requiredLiterals('^5065_1.*sed') // ['5065_1']
 * @example requiredLiterals('sed|clay') // []
 */
export function requiredLiterals(pattern: string): string[] {
  const runs: string[] = [];
  let run = '';
  const end = () => {
    if (run.length >= MIN_INDEXED_LITERAL) runs.push(run);
    run = '';
  };
  let i = 0;
  while (i < pattern.length) {
    const c = pattern.charAt(i);
    let literal: string | undefined;
    let next = i + 1;
    if (c === '|') return [];
    if (c === '\\') {
      const escaped = pattern.charAt(i + 1);
      next = i + 2;
      if (ESCAPED_LITERALS.includes(escaped)) literal = escaped;
    } else if (c === '[') {
      next = skipBracket(pattern, i);
    } else if (c === '(') {
      // Groups are skipped whole (with an alternation inside they may match either side).
      next = skipGroup(pattern, i);
    } else if (!'.^$*+?{})]'.includes(c) && c !== '\u0000') {
      // NUL ends a run too: it cannot travel inside an FTS5 query string.
      literal = c;
    }
    const quantifier = quantifierAt(pattern, next);
    if (quantifier) next = quantifier.end;
    if (literal !== undefined && !quantifier?.optional) {
      run += literal;
      // One or more of the character: it is there once, but what follows need not be adjacent.
      if (quantifier) end();
    } else {
      end();
    }
    i = next;
  }
  end();
  return runs;
}

import { RE2JS } from 're2js';
import { FILTER_REGEX_FLAGS } from './filter-ast';

// The subset of regular-expression syntax that PostgreSQL's ARE (`~*`) and JavaScript's RegExp
// (SQLite's REGEXP function, the in-memory matcher) read the same way. Everything else is refused
// rather than silently meaning two different things on two dialects.
const MAX_PATTERN_LENGTH = 500;
// PostgreSQL's RE_DUP_MAX: larger bounds are an error there.
const MAX_REPEAT = 255;
const SYNTAX_CHARS = '^$\\.*+?()[]{}|/';
const CLASS_ESCAPES = 'dwsntrfv';
const OUTER_ESCAPES = 'dDwWsSntrfv';

interface GroupFrame {
  // a quantifier or an alternation inside the group: quantifying the group could backtrack
  // exponentially in JavaScript (ReDoS), so it is refused
  risky: boolean;
}

class RegexScanner {
  private pos = 0;
  private readonly groups: GroupFrame[] = [{ risky: false }];

  constructor(private readonly src: string) {}

  /** Returns the first unportable construct, or undefined. */
  scan(): string | undefined {
    while (this.pos < this.src.length) {
      const problem = this.step();
      if (problem) return problem;
    }
    return this.groups.length > 1 ? 'unterminated group' : undefined;
  }

  private get frame(): GroupFrame {
    const frame = this.groups[this.groups.length - 1];
    if (!frame) throw new Error('unbalanced group stack');
    return frame;
  }

  private step(): string | undefined {
    const c = this.src.charAt(this.pos);
    switch (c) {
      case '\\':
        return this.escape(OUTER_ESCAPES, SYNTAX_CHARS);
      case '[':
        return this.bracket();
      case '(':
        return this.openGroup();
      case ')':
        return this.closeGroup();
      case '{':
        return this.bound();
      case '*':
      case '+':
      case '?':
      case '|':
        this.frame.risky = true;
        this.pos += 1;
        return undefined;
      default:
        this.pos += 1;
        return undefined;
    }
  }

  private escape(letters: string, punctuation: string): string | undefined {
    const next = this.src.charAt(this.pos + 1);
    if (next === '') return 'a pattern cannot end with a backslash';
    this.pos += 2;
    if (letters.includes(next) || punctuation.includes(next)) return undefined;
    return `the escape \\${next} is not supported`;
  }

  private bracket(): string | undefined {
    this.pos += 1;
    if (this.src.charAt(this.pos) === '^') this.pos += 1;
    if (this.src.charAt(this.pos) === ']') return 'a bracket expression cannot start with ]';
    while (this.pos < this.src.length) {
      const c = this.src.charAt(this.pos);
      if (c === ']') {
        this.pos += 1;
        return this.afterAtom(false);
      }
      if (c === '\\') {
        const problem = this.escape(CLASS_ESCAPES, `${SYNTAX_CHARS}-`);
        if (problem) return problem;
        continue;
      }
      const next = this.src.charAt(this.pos + 1);
      if (c === '[' && next !== '' && ':.='.includes(next)) {
        return 'POSIX classes like [[:alpha:]] are not supported';
      }
      this.pos += 1;
    }
    return 'unterminated bracket expression';
  }

  private openGroup(): string | undefined {
    if (this.src.charAt(this.pos + 1) === '?') {
      if (this.src.charAt(this.pos + 2) !== ':') return 'only (?: groups are supported';
      this.pos += 3;
    } else {
      this.pos += 1;
    }
    this.groups.push({ risky: false });
    return undefined;
  }

  private closeGroup(): string | undefined {
    if (this.groups.length < 2) return 'unbalanced )';
    const closed = this.groups.pop();
    this.pos += 1;
    return this.afterAtom(closed?.risky ?? false);
  }

  // A quantifier right after a group whose content is risky is a nested quantifier.
  private afterAtom(risky: boolean): string | undefined {
    const next = this.src.charAt(this.pos);
    const quantified = next === '*' || next === '+' || next === '?' || next === '{';
    if (quantified && risky) return 'a repeated group cannot contain repetition or alternation';
    if (risky) this.frame.risky = true;
    return undefined;
  }

  private bound(): string | undefined {
    const match = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(this.pos));
    if (!match) return 'a { must start a repetition bound like {2} or {1,3}';
    const numbers = [match[1], match[3]].filter((n): n is string => n !== undefined && n !== '').map(Number);
    if (numbers.some((n) => n > MAX_REPEAT)) return `repetition bounds above ${MAX_REPEAT} are not supported`;
    this.frame.risky = true;
    this.pos += match[0].length;
    return undefined;
  }
}

/**
 * Checks that a filter regex means the same on PostgreSQL and in JavaScript and compiles it.
 * Returns a description of the first problem, or undefined when the pattern is usable.
 *
 * Supported: literals, `.`, `^`, `$`, `|`, `(…)`, `(?:…)`, `* + ? {n} {n,} {n,m}` (also lazy),
 * bracket expressions with ranges and negation, the escapes `\d \D \w \W \s \S \n \t \r \f \v`
 * (only `\d \w \s` inside brackets) and escaped punctuation. Refused: back-references, lookaround,
 * `\b` (a backspace in PostgreSQL), POSIX classes `[[:alpha:]]`, `[]…]`, and a repeated group that
 * itself repeats or alternates (the subset every dialect has agreed on since the start).
 * @example checkPortableRegex('^C[0-9]+$') // undefined
 * @example checkPortableRegex('(a+)+') // 'a repeated group cannot contain repetition or alternation'
 */
export function checkPortableRegex(pattern: string): string | undefined {
  if (pattern.length > MAX_PATTERN_LENGTH) return `a pattern may have at most ${MAX_PATTERN_LENGTH} characters`;
  const problem = new RegexScanner(pattern).scan();
  if (problem) return problem;
  try {
    // JavaScript's strict (`u`) syntax refuses what PostgreSQL would read as a literal (`}`, `]`)…
    new RegExp(pattern, FILTER_REGEX_FLAGS);
    // …and RE2, which runs it, must accept it too (e.g. its program-size limit).
    compileRe2(pattern);
  } catch (error) {
    return error instanceof Error ? error.message : 'invalid regular expression';
  }
  return undefined;
}

/** A compiled filter pattern: whether it matches somewhere in a text. */
export interface FilterRegex {
  test(text: string): boolean;
}

// RE2 flags equal to FILTER_REGEX_FLAGS: `i` and `s` (RE2 reads the pattern as Unicode anyway). A
// function, not a constant: a top-level read of re2js would keep it (46 kB gzip) in every web bundle
// that imports the filters module, even where no regex runs.
function compileRe2(pattern: string): FilterRegex {
  return RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE | RE2JS.DOTALL);
}
// Without a quantifier or an alternation a pattern matches in at most one way at each position, so a
// backtracking engine is linear too, and V8's is 3–60× faster than re2js on such patterns (`sed`,
// `^5065_1`, `wr$`: the usual filters). Conservative: these characters anywhere, even escaped or in
// brackets, send the pattern to RE2.
const MAY_BACKTRACK = /[*+?{|]/;
// Compiling costs 0.1–20 ms, matching microseconds: a list or a SQLite scan compiles a pattern once.
const compiled = new Map<string, FilterRegex>();
const MAX_COMPILED = 500;

function compile(pattern: string): FilterRegex {
  if (!MAY_BACKTRACK.test(pattern)) return new RegExp(pattern, FILTER_REGEX_FLAGS);
  return compileRe2(pattern);
}

/**
 * The compiled form of a filter pattern, with the semantics every interpreter uses: case-insensitive
 * (the original's collations were), `.` matching a newline (as in PostgreSQL), a substring match.
 * Time is linear in the text whatever the pattern: patterns that could backtrack run on RE2 (re2js),
 * where V8's backtracking took hours on `.*.*.*.*.*!`. SQLite's REGEXP function and the in-memory
 * matcher both use it. Throws on an invalid pattern; patterns from {@link parseFilterExpression}
 * are already checked.
 * @example toFilterRegExp('^c1').test('C123') // true
 */
export function toFilterRegExp(pattern: string): FilterRegex {
  let regex = compiled.get(pattern);
  if (!regex) {
    regex = compile(pattern);
    if (compiled.size >= MAX_COMPILED) compiled.clear();
    compiled.set(pattern, regex);
  }
  return regex;
}

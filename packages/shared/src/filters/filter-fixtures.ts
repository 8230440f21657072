import type { ColumnKind, FilterListItem } from './filter-ast';

/**
 * One case both filter interpreters must agree on: a row whose column (of template type `type`)
 * holds `value` does (or does not) pass `filter[column]=expr`.
 */
export interface FilterFixture {
  kind: ColumnKind;
  /** The template column type that holds the value (the SQL test creates one column per type). */
  type: 'integer' | 'double' | 'string' | 'date' | 'dateTime' | 'time' | 'boolean';
  expr: string;
  value: string | number | null;
  matches: boolean;
  /** For `list` cases: a key of {@link FILTER_FIXTURE_LISTS}. */
  listName?: string;
}

/** A malformed expression: 400 with `Invalid filter for column "<column>": <reason>`. */
export interface FilterErrorFixture {
  kind: ColumnKind;
  expr: string;
  /** The reason after the column prefix, where it does not depend on the JavaScript engine. */
  reason?: string;
}

/** The value lists the `list` fixtures use (items as `display` code and `remark` text). */
export const FILTER_FIXTURE_LISTS: Readonly<Record<string, readonly FilterListItem[]>> = {
  CORE_TYPE: [
    { display: 'B', remark: 'Bit Sample' },
    { display: 'H', remark: 'Advanced Piston Corer (APC)' },
    { display: 'R', remark: 'Rotary Core Barrel (RCB)' },
    { display: 'X', remark: 'Extended Core Barrel (XCB)' },
    { display: 'Z', remark: null },
  ],
};

type Row = [expr: string, value: string | number | null, matches: boolean];

function cases(
  kind: ColumnKind,
  type: FilterFixture['type'],
  rows: readonly Row[],
  listName?: string,
): FilterFixture[] {
  return rows.map(([expr, value, matches]) => ({
    kind,
    type,
    expr,
    value,
    matches,
    ...(listName ? { listName } : {}),
  }));
}

const NUMBER_ROWS: readonly Row[] = [
  ['5', 5, true],
  ['5', 6, false],
  ['5', 15, false],
  ['=5', 5, true],
  ['=5', 55, false],
  ['!=5', 5, false],
  ['!=5', 6, true],
  ['!=5', null, false],
  ['==5', 5, true],
  ['==5', 4, false],
  ['!==5', 5, false],
  ['!==5', 7, true],
  ['!==5', null, false],
  ['<5', 4, true],
  ['<5', 5, false],
  ['<5', null, false],
  ['<=5', 5, true],
  ['<=5', 6, false],
  ['>5', 5, false],
  ['>5', 6, true],
  ['>=5', 5, true],
  ['>=5', 4, false],
  ['-3', -3, true],
  ['>-1', 0, true],
  ['>=1e2', 100, true],
  [' 7 ', 7, true],
  ['>= 7', 8, true],
  ['==NULL', null, true],
  ['==NULL', 0, false],
  ['!==NULL', 0, true],
  ['!==NULL', null, false],
  ['null', null, true],
  ['=NULL', 5, false],
  [' == null ', null, true],
  ['!=null', 5, true],
  ['5', null, false],
];

const DOUBLE_ROWS: readonly Row[] = [
  ['2.5', 2.5, true],
  ['=2.50', 2.5, true],
  ['2.5', 25, false],
  ['>5', 5.5, true],
  ['>=5', 4.99, false],
  ['<0', -0.5, true],
  ['!=0.1', 0.2, true],
  ['.5', 0.5, true],
];

const TEXT_ROWS: readonly Row[] = [
  ['core', 'Core sample', true],
  ['=CORE', 'my core', true],
  ['core', 'rock', false],
  ['^core', 'my core', false],
  ['^core', 'Core A', true],
  ['ore$', 'CORE', true],
  ['ore$', 'cores', false],
  ['^c.*e$', 'Cable', true],
  ['!=core', 'Core', false],
  ['!=core', 'rock', true],
  ['!=core', null, false],
  ['core', null, false],
  ['==Core', 'Core', true],
  ['==core', 'Core', false],
  ['==Core', 'Core A', false],
  ['==^X$', '^X$', true],
  ['==^X$', 'X', false],
  ['!==Core', 'Core', false],
  ['!==Core', 'core', true],
  ['!==Core', null, false],
  ['<m', 'apple', true],
  ['<m', 'zebra', false],
  ['<=m', 'm', true],
  ['>m', 'm', false],
  ['>=m', 'm', true],
  ['>m', 'n', true],
  ['==NULL', null, true],
  ['==NULL', '', false],
  ['!==NULL', '', true],
  ['!==NULL', null, false],
  // every spelling of "empty" (issue 18 §3.2): the word is never a regex or a literal
  ['NULL', null, true],
  ['null', null, true],
  ['NULL', 'a null value', false],
  ['= null', null, true],
  ['== NULL', null, true],
  ['==null', 'null', false],
  ['!= null', 'x', true],
  ['!=NULL', null, false],
  ['nulls', 'nulls', true],
  ['[0-9]{3}', 'A123', true],
  ['[0-9]{3}', 'A12', false],
  ['a|b', 'xbx', true],
  ['^(a|b)$', 'ab', false],
  ['\\.', '1.5', true],
  ['\\.', '15', false],
  ['c\\d', 'C1', true],
  ['c\\d', 'Cx', false],
  ['=', 'anything', true],
  ['=', '', true],
  ['a.b', 'a\nb', true],
  ['(?:ab)+c', 'xababc', true],
  ['[^a-z]', 'abc', false],
  ['[^a-z]', 'abC', false],
  ['\\s', 'a b', true],
  ['x?y', 'Y', true],
];

const DATE_ROWS: readonly Row[] = [
  ['2021', '2021-03-04', true],
  ['^2021-03', '2021-03-04', true],
  ['-04$', '2021-03-04', true],
  ['2020', '2021-03-04', false],
  ['!=2021', '2021-03-04', false],
  ['!=2020', '2021-03-04', true],
  ['==2021-03-04', '2021-03-04', true],
  ['==2021-03-04', '2021-03-05', false],
  ['!==2021-03-04', '2021-03-05', true],
  ['!==2021-03-04', '2021-03-04', false],
  ['<2021-03-05', '2021-03-04', true],
  ['<2021-03-04', '2021-03-04', false],
  ['<=2021-03-04', '2021-03-04', true],
  ['>2021-01-01', '2021-03-04', true],
  ['>=2022-01-01', '2021-03-04', false],
  ['<2021-03-05', null, false],
  ['==NULL', null, true],
  ['==NULL', '2021-03-04', false],
  ['!==NULL', null, false],
];

const DATE_TIME_ROWS: readonly Row[] = [
  ['2021-03-04 10', '2021-03-04 10:20:30', true],
  ['10:20', '2021-03-04 10:20:30', true],
  ['^2021-03-04 10:20:30$', '2021-03-04 10:20:30', true],
  ['11:', '2021-03-04 10:20:30', false],
  ['<2021-03-04', '2021-03-04 10:20:30', false],
  ['>2021-03-04', '2021-03-04 10:20:30', true],
  ['<=2021-03-04', '2021-03-04 10:20:30', false],
  ['==2021-03-04 10:20:30', '2021-03-04 10:20:30', true],
  ['==2021-03-04T10:20:30', '2021-03-04 10:20:30', true],
  ['>=2021-03-04 10:20:30', '2021-03-04 10:20:30', true],
  ['<2021-03-04 10:20:31', '2021-03-04 10:20:30', true],
  ['>2021-03-04 10:20', '2021-03-04 10:20:30', true],
  ['!==NULL', '2021-03-04 10:20:30', true],
];

const TIME_ROWS: readonly Row[] = [
  ['10:20', '10:20:30', true],
  ['^11', '10:20:30', false],
  ['<11:00', '10:20:30', true],
  ['>=10:20:30', '10:20:30', true],
  ['==10:20:30', '10:20:30', true],
  ['>10:20:30', '10:20:30', false],
];

const BOOLEAN_ROWS: readonly Row[] = [
  ['yes', 1, true],
  ['y', 1, true],
  ['true', 1, true],
  ['1', 1, true],
  ['YES', 1, true],
  ['yes', 0, false],
  ['no', 0, true],
  ['n', 0, true],
  ['false', 0, true],
  ['0', 0, true],
  ['No', 0, true],
  ['no', 1, false],
  ['=yes', 1, true],
  ['==no', 0, true],
  ['!=yes', 0, true],
  ['!=yes', 1, false],
  ['!==no', 1, true],
  ['!=yes', null, false],
  ['yes', null, false],
  ['==NULL', null, true],
  ['==NULL', 0, false],
  ['!==NULL', 0, true],
  ['!==NULL', null, false],
];

const LIST_ROWS: readonly Row[] = [
  ['R', 'R', true],
  ['Rotary', 'R', true],
  ['rotary core', 'R', true],
  ['Rotary', 'H', false],
  ['Piston', 'H', true],
  ['^R$', 'R', true],
  ['^R', 'H', false],
  ['R', 'H', true],
  ['(RCB)', 'R', true],
  ['==Rotary Core Barrel (RCB)', 'R', true],
  ['==R', 'R', true],
  ['==Rotary', 'R', false],
  ['==rotary core barrel (rcb)', 'R', false],
  ['!=Rotary', 'R', false],
  ['!=Rotary', 'H', true],
  ['!=Rotary', null, false],
  ['!==Rotary Core Barrel (RCB)', 'R', false],
  ['!==Rotary Core Barrel (RCB)', 'X', true],
  ['==NULL', null, true],
  ['!==NULL', 'R', true],
  ['Q', 'Q', true],
  ['Rotary', 'Q', false],
  ['Z', 'Z', true],
  ['Bit', 'Z', false],
  ['<M', 'H', true],
  ['>M', 'H', false],
  ['Barrel', 'X', true],
];

/**
 * The table both filter interpreters (SQL compiler, in-memory matcher) are tested against, so they
 * cannot drift (STYLE rule 4): every operator × kind,
 * NULL, case-insensitivity, anchors and list item texts. Values are what a SQL row holds.
 * @example
 * for (const f of FILTER_FIXTURES) {
 *   const node = parseFilterExpression('c', f.expr, f.kind, { listName: f.listName });
 *   expect(matchesFilter({ c: f.value }, [node], { lists: FILTER_FIXTURE_LISTS })).toBe(f.matches);
 * }
 */
export const FILTER_FIXTURES: readonly FilterFixture[] = [
  ...cases('number', 'integer', NUMBER_ROWS),
  ...cases('number', 'double', DOUBLE_ROWS),
  ...cases('text', 'string', TEXT_ROWS),
  ...cases('date', 'date', DATE_ROWS),
  ...cases('date', 'dateTime', DATE_TIME_ROWS),
  ...cases('date', 'time', TIME_ROWS),
  ...cases('boolean', 'boolean', BOOLEAN_ROWS),
  ...cases('list', 'string', LIST_ROWS, 'CORE_TYPE'),
];

/** Malformed expressions: each is a 400 naming the column. */
export const FILTER_ERROR_FIXTURES: readonly FilterErrorFixture[] = [
  { kind: 'number', expr: 'abc', reason: '"abc" is not a number.' },
  { kind: 'number', expr: 'NULLS', reason: '"NULLS" is not a number.' },
  { kind: 'number', expr: '>null', reason: '"null" is not a number.' },
  { kind: 'number', expr: '>abc', reason: '"abc" is not a number.' },
  { kind: 'number', expr: '1,5', reason: '"1,5" is not a number.' },
  { kind: 'number', expr: '5x', reason: '"5x" is not a number.' },
  { kind: 'number', expr: '=', reason: '"" is not a number.' },
  { kind: 'number', expr: '0x10', reason: '"0x10" is not a number.' },
  { kind: 'boolean', expr: 'wrong', reason: '"wrong" is not a boolean (use yes, y, true, 1 or n, no, false, 0).' },
  { kind: 'boolean', expr: 'nil', reason: '"nil" is not a boolean (use yes, y, true, 1 or n, no, false, 0).' },
  { kind: 'boolean', expr: '<yes', reason: 'the operator "<" cannot be used on a yes/no column.' },
  { kind: 'boolean', expr: '>=1', reason: 'the operator ">=" cannot be used on a yes/no column.' },
  {
    kind: 'date',
    expr: '==2021-03',
    reason: '"2021-03" is not a date (use YYYY-MM-DD, YYYY-MM-DD HH:MM:SS or HH:MM:SS).',
  },
  {
    kind: 'date',
    expr: '<yesterday',
    reason: '"yesterday" is not a date (use YYYY-MM-DD, YYYY-MM-DD HH:MM:SS or HH:MM:SS).',
  },
  { kind: 'text', expr: '(', reason: 'invalid regular expression "(": unterminated group.' },
  {
    kind: 'text',
    expr: '[[:alpha:]]',
    reason: 'invalid regular expression "[[:alpha:]]": POSIX classes like [[:alpha:]] are not supported.',
  },
  { kind: 'text', expr: '(?<=a)b', reason: 'invalid regular expression "(?<=a)b": only (?: groups are supported.' },
  { kind: 'text', expr: '\\bword', reason: 'invalid regular expression "\\bword": the escape \\b is not supported.' },
  {
    kind: 'text',
    expr: '(a+)+$',
    reason: 'invalid regular expression "(a+)+$": a repeated group cannot contain repetition or alternation.',
  },
  {
    kind: 'text',
    expr: 'a{300}',
    reason: 'invalid regular expression "a{300}": repetition bounds above 255 are not supported.',
  },
  { kind: 'text', expr: '(a)\\1', reason: 'invalid regular expression "(a)\\1": the escape \\1 is not supported.' },
  {
    kind: 'text',
    expr: '!=[]a]',
    reason: 'invalid regular expression "[]a]": a bracket expression cannot start with ].',
  },
  { kind: 'text', expr: 'a**' },
  { kind: 'text', expr: '[z-a]' },
  { kind: 'list', expr: '(?=R)', reason: 'invalid regular expression "(?=R)": only (?: groups are supported.' },
  { kind: 'date', expr: '(', reason: 'invalid regular expression "(": unterminated group.' },
];

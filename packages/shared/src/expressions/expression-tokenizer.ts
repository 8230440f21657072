import { ExpressionError } from './expression-error';

export type TokenType = 'number' | 'string' | 'column' | 'identifier' | 'operator' | 'eof';

export interface Token {
  type: TokenType;
  text: string;
  pos: number;
}

const MAX_SOURCE_LENGTH = 4000;
// longest first, so that `<=` wins over `<`
const OPERATORS = [
  '===',
  '!==',
  '==',
  '!=',
  '<=',
  '>=',
  '&&',
  '||',
  '+',
  '-',
  '*',
  '/',
  '%',
  '<',
  '>',
  '!',
  '?',
  ':',
  ',',
  '(',
  ')',
  '.',
];
const NUMBER = /^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/;
const IDENTIFIER = /^[A-Za-z_]\w*/;
const ESCAPES: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"' };

function readString(src: string, start: number): [string, number] {
  const quote = src.charAt(start);
  let text = '';
  let pos = start + 1;
  while (pos < src.length) {
    const c = src.charAt(pos);
    if (c === quote) return [text, pos + 1];
    if (c === '\\') {
      const next = src.charAt(pos + 1);
      const escaped = Object.hasOwn(ESCAPES, next) ? ESCAPES[next] : undefined;
      if (escaped === undefined) throw new ExpressionError(`Unknown escape "\\${next}"`, pos);
      text += escaped;
      pos += 2;
      continue;
    }
    text += c;
    pos += 1;
  }
  throw new ExpressionError('Unterminated string', start);
}

function readColumn(src: string, start: number): [string, number] {
  const end = src.indexOf(']', start);
  if (end < 0) throw new ExpressionError('Unterminated [column]', start);
  return [src.slice(start + 1, end).trim(), end + 1];
}

function readToken(src: string, pos: number): [Token, number] {
  const c = src.charAt(pos);
  const rest = src.slice(pos);
  if (c === "'" || c === '"') {
    const [text, end] = readString(src, pos);
    return [{ type: 'string', text, pos }, end];
  }
  if (c === '[') {
    const [text, end] = readColumn(src, pos);
    return [{ type: 'column', text, pos }, end];
  }
  const number = NUMBER.exec(rest)?.[0];
  if (number !== undefined) return [{ type: 'number', text: number, pos }, pos + number.length];
  const identifier = IDENTIFIER.exec(rest)?.[0];
  if (identifier !== undefined) return [{ type: 'identifier', text: identifier, pos }, pos + identifier.length];
  const operator = OPERATORS.find((op) => rest.startsWith(op));
  if (operator !== undefined) return [{ type: 'operator', text: operator, pos }, pos + operator.length];
  throw new ExpressionError(`Unexpected character "${c}"`, pos);
}

/**
 * Splits an expression into tokens: numbers, 'strings' or "strings", `[column]` references,
 * identifiers and operators. Throws {@link ExpressionError} on anything else.
 * @example tokenize('[a] + 1').map((t) => t.text) // ['a', '+', '1', '']
 */
export function tokenize(src: string): Token[] {
  if (src.length > MAX_SOURCE_LENGTH) {
    throw new ExpressionError(`An expression may have at most ${MAX_SOURCE_LENGTH} characters`, MAX_SOURCE_LENGTH);
  }
  const tokens: Token[] = [];
  let pos = 0;
  while (pos < src.length) {
    if (/\s/.test(src.charAt(pos))) {
      pos += 1;
      continue;
    }
    const [token, next] = readToken(src, pos);
    tokens.push(token);
    pos = next;
  }
  tokens.push({ type: 'eof', text: '', pos: src.length });
  return tokens;
}

import {
  AGGREGATE_FUNCTIONS,
  type AggregateFunction,
  type BinaryOperator,
  type ExpressionNode,
  type LogicalOperator,
} from './expression-ast';
import { assertAllowedName, ExpressionError } from './expression-error';
import { EXPRESSION_FUNCTIONS } from './expression-functions';
import { tokenize, type Token } from './expression-tokenizer';

const MAX_DEPTH = 64;
const NAME = /^[A-Za-z_]\w*$/;
const KEYWORDS: Readonly<Record<string, boolean | null>> = { true: true, false: false, null: null };
// `===`/`!==` are read as `==`/`!=` (calculations copied from the original's JavaScript)
const EQUALITY: Readonly<Record<string, BinaryOperator>> = { '==': '==', '===': '==', '!=': '!=', '!==': '!=' };
const LEVELS: readonly (readonly string[])[] = [
  ['<', '<=', '>', '>='],
  ['+', '-'],
  ['*', '/', '%'],
];

class Parser {
  private index = 0;
  private depth = 0;

  constructor(private readonly tokens: Token[]) {}

  parse(): ExpressionNode {
    const node = this.conditional();
    const token = this.peek();
    if (token.type !== 'eof') throw new ExpressionError(`Unexpected "${token.text}"`, token.pos);
    return node;
  }

  private peek(): Token {
    const token = this.tokens[this.index] ?? this.tokens[this.tokens.length - 1];
    if (!token) throw new Error('tokenize always ends with eof');
    return token;
  }

  private next(): Token {
    const token = this.peek();
    if (token.type !== 'eof') this.index += 1;
    return token;
  }

  private isOperator(...texts: string[]): boolean {
    const token = this.peek();
    return token.type === 'operator' && texts.includes(token.text);
  }

  private expect(text: string): Token {
    const token = this.next();
    if (token.type !== 'operator' || token.text !== text) {
      throw new ExpressionError(`Expected "${text}" but found "${token.text || 'end'}"`, token.pos);
    }
    return token;
  }

  private nested<T>(pos: number, parse: () => T): T {
    this.depth += 1;
    if (this.depth > MAX_DEPTH) throw new ExpressionError('Expression is nested too deeply', pos);
    try {
      return parse();
    } finally {
      this.depth -= 1;
    }
  }

  private conditional(): ExpressionNode {
    const test = this.logical('||');
    if (!this.isOperator('?')) return test;
    const { pos } = this.next();
    return this.nested(pos, () => {
      const consequent = this.conditional();
      this.expect(':');
      const alternate = this.conditional();
      return { type: 'conditional', test, consequent, alternate, pos };
    });
  }

  private logical(operator: LogicalOperator): ExpressionNode {
    const operand = (): ExpressionNode => (operator === '||' ? this.logical('&&') : this.equality());
    let left = operand();
    while (this.isOperator(operator)) {
      const { pos } = this.next();
      left = { type: 'logical', operator, left, right: operand(), pos };
    }
    return left;
  }

  private equality(): ExpressionNode {
    let left = this.binary(0);
    while (this.isOperator(...Object.keys(EQUALITY))) {
      const { text, pos } = this.next();
      left = { type: 'binary', operator: EQUALITY[text] ?? '==', left, right: this.binary(0), pos };
    }
    return left;
  }

  private binary(level: number): ExpressionNode {
    const operators = LEVELS[level];
    if (!operators) return this.unary();
    let left = this.binary(level + 1);
    while (this.isOperator(...operators)) {
      const { text, pos } = this.next();
      left = { type: 'binary', operator: text as BinaryOperator, left, right: this.binary(level + 1), pos };
    }
    return left;
  }

  private unary(): ExpressionNode {
    if (!this.isOperator('-', '+', '!')) return this.primary();
    const { text, pos } = this.next();
    const operand = this.nested(pos, () => this.unary());
    return { type: 'unary', operator: text as '-' | '+' | '!', operand, pos };
  }

  private primary(): ExpressionNode {
    const token = this.next();
    switch (token.type) {
      case 'number':
        return { type: 'literal', value: Number(token.text), pos: token.pos };
      case 'string':
        return { type: 'literal', value: token.text, pos: token.pos };
      case 'column':
        return this.reference(token.text.split('.'), true, token.pos);
      case 'identifier':
        return this.identifier(token);
      case 'operator':
        if (token.text === '(') return this.group(token.pos);
        throw new ExpressionError(`Unexpected "${token.text}"`, token.pos);
      case 'eof':
        throw new ExpressionError('Unexpected end of expression', token.pos);
    }
  }

  private group(pos: number): ExpressionNode {
    return this.nested(pos, () => {
      const inner = this.conditional();
      this.expect(')');
      return inner;
    });
  }

  private identifier(token: Token): ExpressionNode {
    if (this.isOperator('(')) return this.call(token);
    if (Object.hasOwn(KEYWORDS, token.text))
      return { type: 'literal', value: KEYWORDS[token.text] ?? null, pos: token.pos };
    const segments = [token.text];
    while (this.isOperator('.')) {
      this.next();
      const part = this.next();
      if (part.type !== 'identifier') throw new ExpressionError('Expected a name after "."', part.pos);
      segments.push(part.text);
    }
    return this.reference(segments, false, token.pos);
  }

  private reference(segments: string[], bracketed: boolean, pos: number): ExpressionNode {
    for (const segment of segments) {
      if (!NAME.test(segment)) throw new ExpressionError(`"${segments.join('.')}" is not a column name`, pos);
      assertAllowedName(segment, pos);
    }
    const [first] = segments;
    if (segments.length === 1 && first !== undefined) return { type: 'column', name: first, bracketed, pos };
    return { type: 'path', segments, pos };
  }

  private arguments(pos: number): ExpressionNode[] {
    return this.nested(pos, () => {
      this.expect('(');
      const args: ExpressionNode[] = [];
      if (this.isOperator(')')) {
        this.next();
        return args;
      }
      args.push(this.conditional());
      while (this.isOperator(',')) {
        this.next();
        args.push(this.conditional());
      }
      this.expect(')');
      return args;
    });
  }

  private call(token: Token): ExpressionNode {
    const name = token.text.toLowerCase();
    const { pos } = token;
    const args = this.arguments(pos);
    if (name === 'if') {
      const [test, consequent, alternate] = args;
      if (args.length !== 3 || !test || !consequent || !alternate) {
        throw new ExpressionError('if() takes 3 arguments', pos);
      }
      return { type: 'conditional', test, consequent, alternate, pos };
    }
    const aggregate = toAggregate(name, args, pos);
    if (aggregate) return aggregate;
    const fn = EXPRESSION_FUNCTIONS.get(name);
    if (!fn) throw new ExpressionError(`Unknown function "${token.text}"`, pos);
    if (args.length < fn.minArgs || args.length > fn.maxArgs) {
      throw new ExpressionError(`Wrong number of arguments for ${name}()`, pos);
    }
    return { type: 'call', name, args, pos };
  }
}

function isAggregateFunction(name: string): name is AggregateFunction {
  return (AGGREGATE_FUNCTIONS as readonly string[]).includes(name);
}

// sum(children.length), count(sections): one argument naming a relation of child records.
function toAggregate(name: string, args: ExpressionNode[], pos: number): ExpressionNode | undefined {
  const [arg] = args;
  if (!isAggregateFunction(name) || args.length !== 1 || !arg) return undefined;
  if (arg.type === 'column' && !arg.bracketed && name === 'count') {
    return { type: 'aggregate', fn: name, relation: arg.name, column: null, pos };
  }
  if (arg.type !== 'path') return undefined;
  const [relation, column, ...rest] = arg.segments;
  if (relation === undefined || column === undefined || rest.length > 0) {
    throw new ExpressionError(`${name}() over "${arg.segments.join('.')}": use relation.column`, pos);
  }
  return { type: 'aggregate', fn: name, relation, column, pos };
}

/**
 * Parses an expression of the safe expression language (`[column]`, arithmetic, comparison,
 * concatenation, a few functions, parent paths; DESIGN §7) into an AST. Never evaluates
 * anything. Throws {@link ExpressionError} (a 400 with the position) when the source is malformed,
 * names an unknown function, or uses `__proto__`, `constructor` or `prototype`.
 * @example parseExpression("[drilling_method] + ', ' + [bit_sizes]")
 * @example parseExpression('round(sum(sections.section_length) / [drilled_length] * 100, 1)')
 * @example parseExpression('hole.site.site') // { type: 'path', segments: ['hole', 'site', 'site'], pos: 0 }
 */
export function parseExpression(src: string): ExpressionNode {
  return new Parser(tokenize(src)).parse();
}

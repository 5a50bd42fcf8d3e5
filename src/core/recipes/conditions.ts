import type { ArazzoCriterion } from './types';
import { embedded, evaluateExpression, ExpressionError, type ExpressionContext } from './expressions';

/**
 * Arazzo `simple` conditions and criteria (https://spec.openapis.org/arazzo/v1.0.1#criterion-object), read by the
 * small parser below; the runtime expressions in them are evaluated by expressions.ts (which says why by hand).
 */

// ---------------------------------------------------------------------------------------------------------------
// `simple` conditions:  or := and ('||' and)* ; and := unary ('&&' unary)* ; unary := '!' unary | comparison ;
// comparison := primary (('=='|'!='|'<'|'<='|'>'|'>=') primary)? ; primary := '(' or ')' | literal | expression.
// ---------------------------------------------------------------------------------------------------------------

export type ConditionToken =
  { kind: 'op'; text: string } | { kind: 'literal'; value: unknown } | { kind: 'expression'; text: string };

const operators = ['&&', '||', '==', '!=', '<=', '>=', '<', '>', '!', '(', ')'];

/**
 * The tokens of a condition. A runtime expression runs to the next space, parenthesis or operator character, so a
 * JSON pointer in a condition cannot hold those (none of the recipes' fields does).
 */
export function conditionTokens(condition: string): ConditionToken[] {
  const found: ConditionToken[] = [];
  let at = 0;
  while (at < condition.length) {
    const rest = condition.slice(at);
    const space = /^\s+/.exec(rest);
    if (space) {
      at += space[0].length;
      continue;
    }
    const operator = operators.find((candidate) => rest.startsWith(candidate));
    if (operator) {
      found.push({ kind: 'op', text: operator });
      at += operator.length;
      continue;
    }
    if (rest.startsWith("'")) {
      // A string literal in single quotes; a quote inside is doubled or escaped with a backslash.
      let text = '';
      let index = 1;
      for (; index < rest.length; index += 1) {
        const character = rest[index];
        if (character === '\\' && index + 1 < rest.length) text += rest[(index += 1)];
        else if (character === "'" && rest[index + 1] === "'") text += rest[(index += 1)];
        else if (character === "'") break;
        else text += character;
      }
      if (index >= rest.length) throw new ExpressionError(`a string is not closed in: ${condition}`);
      found.push({ kind: 'literal', value: text });
      at += index + 1;
      continue;
    }
    const number = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?(?![\w$])/.exec(rest);
    if (number) {
      found.push({ kind: 'literal', value: Number(number[0]) });
      at += number[0].length;
      continue;
    }
    const word = /^(true|false|null)(?![\w$])/.exec(rest);
    if (word) {
      found.push({ kind: 'literal', value: word[1] === 'null' ? null : word[1] === 'true' });
      at += word[0].length;
      continue;
    }
    const expression = /^\$[^\s()<>=!&|]+/.exec(rest);
    if (expression) {
      found.push({ kind: 'expression', text: expression[0] });
      at += expression[0].length;
      continue;
    }
    throw new ExpressionError(`cannot read ${JSON.stringify(rest.slice(0, 20))} in the condition: ${condition}`);
  }
  return found;
}

/** A number, or a string that is one (a query parameter read back from a URL), as a number; else undefined. */
function numeric(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(value.trim())) return Number(value);
  return undefined;
}

function equal(left: unknown, right: unknown): boolean {
  // A value that is not there reads as null, as a missing field does in JSON.
  const a = left ?? null;
  const b = right ?? null;
  if (typeof a === 'number' || typeof b === 'number') {
    const x = numeric(a);
    const y = numeric(b);
    return x !== undefined && y !== undefined && x === y;
  }
  if (typeof a === 'object' || typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  return a === b;
}

function compare(operator: string, left: unknown, right: unknown): boolean {
  if (operator === '==') return equal(left, right);
  if (operator === '!=') return !equal(left, right);
  const x = numeric(left);
  const y = numeric(right);
  let order: number;
  if (x !== undefined && y !== undefined) order = x - y;
  else if (typeof left === 'string' && typeof right === 'string') order = left < right ? -1 : left > right ? 1 : 0;
  // Anything else (a missing value, an object) is not in order with anything: every comparison is false.
  else return false;
  if (operator === '<') return order < 0;
  if (operator === '<=') return order <= 0;
  if (operator === '>') return order > 0;
  return order >= 0;
}

/** Whether a value holds: JavaScript's truthiness, which a bare `$response.body#/is_last_page` relies on. */
function holds(value: unknown): boolean {
  return Boolean(value);
}

/** The value of a `simple` condition (`$statusCode == 200 && $response.body#/end > 0`). */
export function evaluateCondition(condition: string, context: ExpressionContext): boolean {
  const list = conditionTokens(condition);
  let at = 0;
  const peek = (): ConditionToken | undefined => list[at];
  const isOp = (text: string) => {
    const token = peek();
    return token?.kind === 'op' && token.text === text;
  };

  function primary(): unknown {
    const token = list[at];
    if (token === undefined) throw new ExpressionError(`the condition ends too early: ${condition}`);
    at += 1;
    if (token.kind === 'literal') return token.value;
    if (token.kind === 'expression') return evaluateExpression(token.text, context);
    if (token.text === '(') {
      const value = or();
      if (!isOp(')')) throw new ExpressionError(`a parenthesis is not closed in: ${condition}`);
      at += 1;
      return value;
    }
    throw new ExpressionError(`${token.text} is out of place in: ${condition}`);
  }
  function comparison(): unknown {
    const left = primary();
    const token = peek();
    if (token?.kind === 'op' && ['==', '!=', '<', '<=', '>', '>='].includes(token.text)) {
      at += 1;
      return compare(token.text, left, primary());
    }
    return left;
  }
  function unary(): unknown {
    if (isOp('!')) {
      at += 1;
      return !holds(unary());
    }
    return comparison();
  }
  function and(): unknown {
    let value = unary();
    while (isOp('&&')) {
      at += 1;
      const right = unary();
      value = holds(value) && holds(right);
    }
    return value;
  }
  function or(): unknown {
    let value = and();
    while (isOp('||')) {
      at += 1;
      const right = and();
      value = holds(value) || holds(right);
    }
    return value;
  }

  const value = or();
  if (at < list.length) throw new ExpressionError(`unexpected ${describe(list[at])} in: ${condition}`);
  return holds(value);
}

function describe(token: ConditionToken): string {
  if (token.kind === 'op') return token.text;
  if (token.kind === 'expression') return token.text;
  return JSON.stringify(token.value);
}

/**
 * The longest text a regex criterion is matched against. The patterns are the recipes' own (committed, reviewed),
 * but an answer is the server's: bounding what a backtracking RegExp reads bounds the time one answer can cost.
 */
export const regexInputLimit = 64 * 1024;

/** Whether a criterion holds, and why not when it does not. */
export function evaluateCriterion(
  criterion: ArazzoCriterion,
  context: ExpressionContext,
): { met: boolean; reason?: string } {
  const type = typeof criterion.type === 'object' ? criterion.type.type : (criterion.type ?? 'simple');
  try {
    if (type === 'simple') {
      const met = evaluateCondition(criterion.condition, context);
      return met ? { met } : { met, reason: `${criterion.condition} does not hold` };
    }
    if (type === 'regex') {
      if (!criterion.context) return { met: false, reason: 'a regex criterion names no context' };
      const text = embedded(evaluateExpression(criterion.context, context));
      if (text.length > regexInputLimit) {
        return { met: false, reason: `${criterion.context} is over ${regexInputLimit} characters: not matched` };
      }
      const met = new RegExp(criterion.condition).test(text);
      return met ? { met } : { met, reason: `${criterion.context} does not match /${criterion.condition}/` };
    }
    return { met: false, reason: `${type} criteria are not run by this runner` };
  } catch (error) {
    return { met: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

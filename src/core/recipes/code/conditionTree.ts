import { conditionTokens, type ConditionToken } from '../conditions';
/**
 * A `simple` condition (`$statusCode == 200 && $response.body#/end > 0`) as a tree the generated programs can be
 * written from. The grammar and the tokens are those of the runner's evaluator (../conditions.ts), which evaluates
 * as it reads and so keeps no tree: or := and ('||' and)* ; and := unary ('&&' unary)* ; unary := '!' unary |
 * comparison ; comparison := primary (op primary)? ; primary := '(' or ')' | literal | expression. The tests hold
 * the two to the same answers (code.test.ts).
 */

export type ConditionNode =
  | { kind: 'literal'; value: unknown }
  | { kind: 'expression'; text: string }
  | { kind: 'compare'; operator: '==' | '!=' | '<' | '<=' | '>' | '>='; left: ConditionNode; right: ConditionNode }
  | { kind: 'not'; operand: ConditionNode }
  | { kind: 'and' | 'or'; left: ConditionNode; right: ConditionNode };

// The tokens are the runner's own (one tokenizer for both): only the tree differs.
const comparisons = ['==', '!=', '<', '<=', '>', '>='];

/** The tree of a `simple` condition; throws, naming the condition, when it cannot be read. */
export function conditionTree(condition: string): ConditionNode {
  const list: ConditionToken[] = conditionTokens(condition);
  let at = 0;
  const isOp = (text: string) => {
    const token = list[at];
    return token?.kind === 'op' && token.text === text;
  };
  function primary(): ConditionNode {
    const token = list[at];
    if (token === undefined) throw new Error(`the condition ends too early: ${condition}`);
    at += 1;
    if (token.kind === 'literal') return { kind: 'literal', value: token.value };
    if (token.kind === 'expression') return { kind: 'expression', text: token.text };
    if (token.text === '(') {
      const inner = or();
      if (!isOp(')')) throw new Error(`a parenthesis is not closed in: ${condition}`);
      at += 1;
      return inner;
    }
    throw new Error(`${token.text} is out of place in: ${condition}`);
  }
  function comparison(): ConditionNode {
    const left = primary();
    const token = list[at];
    if (token?.kind === 'op' && comparisons.includes(token.text)) {
      at += 1;
      return {
        kind: 'compare',
        operator: token.text as '==' | '!=' | '<' | '<=' | '>' | '>=',
        left,
        right: primary(),
      };
    }
    return left;
  }
  function unary(): ConditionNode {
    if (isOp('!')) {
      at += 1;
      return { kind: 'not', operand: unary() };
    }
    return comparison();
  }
  function and(): ConditionNode {
    let node = unary();
    while (isOp('&&')) {
      at += 1;
      node = { kind: 'and', left: node, right: unary() };
    }
    return node;
  }
  function or(): ConditionNode {
    let node = and();
    while (isOp('||')) {
      at += 1;
      node = { kind: 'or', left: node, right: and() };
    }
    return node;
  }
  const tree = or();
  if (at < list.length) throw new Error(`unexpected ${JSON.stringify(list[at])} in: ${condition}`);
  return tree;
}

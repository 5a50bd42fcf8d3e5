import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { runInNewContext } from 'node:vm';
import { describe, expect, test } from 'vitest';
import { quoted } from '../../samples/quoting';
import { evaluateCondition } from '../conditions';
import type { ExpressionContext } from '../expressions';
import type { ArazzoWorkflow } from '../types';
import { criteriaOf, type Context } from './compileValues';
import { nodeCondition } from './node';
import { helpers as nodeHelpers } from './nodeHelpers';
import { pythonCondition } from './python';
import { helpers as pythonHelpers } from './pythonHelpers';
import { jqCondition, jqHelpers } from './shell';

/**
 * The programs read a `simple` condition as the runner does (../conditions.ts): each case is evaluated by the runner
 * and by the compiled condition in Node.js (in this process), Python and jq (one process each for the whole table),
 * and all four must agree: numbers against numeric strings, string order, structures, nothing, truth, `!`, `&&`,
 * `||` and parentheses.
 */

const execute = promisify(execFile);

const workflow: ArazzoWorkflow = {
  workflowId: 'w',
  inputs: { type: 'object', properties: { a: {}, b: {} } },
  steps: [{ stepId: 's', operationId: 'x', outputs: { o: '$response.body#/list' } }],
};
const context: Context = {
  workflow,
  document: { arazzo: '1.0.1', info: { title: 't', version: '1' }, sourceDescriptions: [], workflows: [workflow] },
  fail: (reason) => {
    throw new Error(reason);
  },
};
const body = {
  end: 20,
  count: 3,
  name: 'Kestrel',
  items: [],
  zero: 0,
  empty: '',
  flag: true,
  obj: { a: [1, 2] },
  obj2: { a: [1, 2] },
  text: 'abc',
  list: ['a', 'b'],
};
const given = (statusCode: number, offset: unknown, a: unknown, b: unknown): ExpressionContext => ({
  inputs: { a, b },
  steps: { s: { outputs: { o: ['a', 'b'] } } },
  workflows: {},
  statusCode,
  request: { headers: {}, query: { offset }, path: {} },
  response: { headers: {}, body },
});

const cases: [string, ExpressionContext][] = [
  ['$statusCode == 200', given(200, 0, 1, 2)],
  ['$statusCode == 200', given(404, 0, 1, 2)],
  ['$response.body#/end <= $request.query.offset', given(200, '20', 1, 2)],
  ['$response.body#/end <= $request.query.offset', given(200, 0, 1, 2)],
  ['$response.body#/end > $request.query.offset', given(200, ' 7 ', 1, 2)],
  ['$response.body#/end > $request.query.offset', given(200, 'x', 1, 2)],
  ['$response.body#/items', given(200, 0, 1, 2)],
  ['$response.body#/zero || $response.body#/empty', given(200, 0, 1, 2)],
  ['$response.body#/missing == null', given(200, 0, 1, 2)],
  ['$response.body#/missing != 0', given(200, 0, 1, 2)],
  ["$response.body#/name == 'Kestrel' && $response.body#/name != 'x'", given(200, 0, 1, 2)],
  ["$response.body#/count == '3'", given(200, 0, 1, 2)],
  ['$response.body#/count == true', given(200, 0, 1, 2)],
  ["$response.body#/text < 'b'", given(200, 0, 1, 2)],
  ["$response.body#/text >= 'abd'", given(200, 0, 1, 2)],
  ['$response.body#/obj == $response.body#/obj2', given(200, 0, 1, 2)],
  ['$response.body#/obj != $response.body#/list', given(200, 0, 1, 2)],
  ['$response.body#/end > null', given(200, 0, 1, 2)],
  ['$response.body#/flag && $inputs.a > 1 || $inputs.b == true', given(200, 0, 1, true)],
  ['$response.body#/flag && ($inputs.a > 1 || $inputs.b == true)', given(200, 0, 1, 'true')],
  ['!($statusCode >= 400) && !$response.body#/zero', given(200, 0, 1, 2)],
  ["$steps.s.outputs.o#/1 == 'b' && $steps.s.outputs.o#/2 == null", given(200, 0, 1, 2)],
  ['$inputs.a == 1.0 && $inputs.b == -2e0', given(200, 0, 1, -2)],
  ['false || 1', given(200, 0, 1, 2)],
];

const compiled = cases.map(([condition]) => {
  const [tree] = criteriaOf(workflow.steps[0], [{ condition }], 'call', context);
  return tree;
});
const expected = cases.map(([condition, values]) => evaluateCondition(condition, values));

describe('a condition reads the same in every program as in the runner', () => {
  test('the table holds both answers', () => {
    expect(expected).toContain(true);
    expect(expected).toContain(false);
  });

  test('Node.js', () => {
    const results = cases.map(([, values], index) => {
      const { inputs, steps, workflows, statusCode, request, response } = values;
      const scope = { inputs, steps, workflows, status: statusCode, query: request?.query, pathValues: request?.path };
      return runInNewContext(`${nodeHelpers}\nholds(${nodeCondition(compiled[index])});`, {
        ...scope,
        body: response?.body,
      }) as boolean;
    });
    expect(results).toEqual(expected);
  });

  test('Python', async () => {
    const lines = cases.flatMap(([, values], index) => [
      `inputs, steps, workflows = json.loads(${quoted(JSON.stringify([values.inputs, values.steps, values.workflows]))})`,
      `status, query, path_values, body = json.loads(${quoted(JSON.stringify([values.statusCode, values.request?.query, values.request?.path, values.response?.body]))})`,
      `results.append(holds(${pythonCondition(compiled[index])}))`,
    ]);
    const program = [
      'import json, os, re, sys, time, urllib.parse, urllib.request',
      pythonHelpers,
      'results = []',
      ...lines,
    ];
    const { stdout } = await execute('python3', ['-c', [...program, 'print(json.dumps(results))'].join('\n')]);
    expect(JSON.parse(stdout)).toEqual(expected);
  });

  test('jq', async () => {
    const scopes = cases.map(([, values]) => ({
      inputs: values.inputs,
      steps: values.steps,
      status: values.statusCode,
      query: values.request?.query,
      path: values.request?.path,
      body: values.response?.body,
    }));
    const program = `${jqHelpers} [${compiled.map((tree, index) => `(.[${index}] | ${jqCondition(tree)} | holds)`).join(', ')}]`;
    // The scopes on standard input, as the shell program's files are read.
    const run = execFile('jq', ['-c', '--argjson', 'workflows', '[{}]', program]);
    run.stdin?.end(JSON.stringify(scopes));
    const output = await new Promise<string>((resolve, reject) => {
      let text = '';
      run.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
      run.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`jq exited ${code}`))));
    });
    expect(JSON.parse(output)).toEqual(expected);
  });
});

import { quoted } from '../../samples/quoting';
import type { Json } from '../../openapi/document';
import type { CodeCondition, CodeRequest, CodeRoot, CodeStep, CodeValue, CodeWorkflow, RecipeProgram } from './model';
import { helpers, main } from './pythonHelpers';
import { workflowComment, commentLines, commentText, functionNames, inputTable, stepComment } from './names';

/** A recipe as a Python 3 program of the standard library only (urllib.request, json): python.ts of the samples. */

const roots: Record<CodeRoot, string> = {
  inputs: 'inputs',
  steps: 'steps',
  workflows: 'workflows',
  outputs: 'called',
  status: 'status',
  query: 'query',
  path: 'path_values',
  body: 'body',
};

/** A JSON value as a Python literal: every string through `quoted`. */
export function pythonLiteral(value: Json | undefined): string {
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'None';
  if (typeof value === 'string') return quoted(value);
  if (Array.isArray(value)) return `[${value.map(pythonLiteral).join(', ')}]`;
  return `{${Object.entries(value)
    .map(([key, item]) => `${quoted(key)}: ${pythonLiteral(item)}`)
    .join(', ')}}`;
}

function value(code: CodeValue): string {
  if (code.kind === 'literal') return pythonLiteral(code.value);
  if (code.kind === 'read') {
    const root = roots[code.root];
    return code.path.length === 0 ? root : `pick(${root}, [${code.path.map(quoted).join(', ')}])`;
  }
  if (code.kind === 'text')
    return code.parts.map((part) => (typeof part === 'string' ? quoted(part) : `text(${value(part)})`)).join(' + ');
  if (code.kind === 'list') return `[${code.items.map(value).join(', ')}]`;
  return `{${code.entries.map(([key, item]) => `${quoted(key)}: ${value(item)}`).join(', ')}}`;
}

export function pythonCondition(code: CodeCondition): string {
  if (code.kind === 'value') return value(code.value);
  if (code.kind === 'compare')
    return `compare(${quoted(code.operator)}, ${pythonCondition(code.left)}, ${pythonCondition(code.right)})`;
  if (code.kind === 'not') return `not holds(${pythonCondition(code.operand)})`;
  return `(holds(${pythonCondition(code.left)}) ${code.kind} holds(${pythonCondition(code.right)}))`;
}

const all = (conditions: CodeCondition[]) => conditions.map((item) => `holds(${pythonCondition(item)})`).join(' and ');

function credentialHeader(request: CodeRequest, index: number): [string, string] | undefined {
  const { placement: where, value: credential } = request.credentials[index];
  const text = `text(${value(credential)})`;
  if (where.in === 'query') return undefined;
  const sent =
    where.scheme === 'bearer'
      ? `"Bearer " + ${text}`
      : where.scheme === 'basic'
        ? `"Basic " + base64.b64encode(${text}.encode()).decode()`
        : text;
  return where.in === 'cookie' ? ['Cookie', `${quoted(`${where.name}=`)} + ${sent}`] : [where.name, sent];
}

function callLines(step: CodeStep): string[] {
  const request = step.request!;
  const path = request.path
    .map((part) =>
      typeof part === 'string'
        ? quoted(part)
        : `segment(path_values[${quoted(part.name)}], ${quoted(`{${part.name}}`)})`,
    )
    .join(' + ');
  const pairs = [
    ...request.query.map(
      (item) => `query_pairs(${quoted(item.name)}, query[${quoted(item.name)}], ${item.explode ? 'True' : 'False'})`,
    ),
    ...request.credentials
      .filter((item) => item.placement.in === 'query')
      .map((item) => `[(${quoted(item.placement.name)}, text(${value(item.value)}))]`),
  ];
  const headers = [
    '"Accept": "application/json"',
    ...request.credentials.flatMap((_, index) => {
      const header = credentialHeader(request, index);
      return header ? [`${quoted(header[0])}: ${header[1]}`] : [];
    }),
    ...request.headers.map((item) => `${quoted(item.name)}: header_value(${value(item.value)})`),
    ...(request.body ? [`"Content-Type": ${quoted(request.body.contentType)}`] : []),
  ];
  return [
    `query = {${request.query.map((item) => `${quoted(item.name)}: ${value(item.value)}`).join(', ')}}`,
    `path_values = {${request.path.flatMap((part) => (typeof part === 'string' ? [] : [`${quoted(part.name)}: ${value(part.value)}`])).join(', ')}}`,
    `url = BASE_URLS[${quoted(request.source)}] + ${path}`,
    `pairs = ${pairs.length > 0 ? pairs.join(' + ') : '[]'}`,
    `headers = {${headers.join(', ')}}`,
    `status, body = call(${quoted(request.method)}, url, pairs, headers, ${request.body ? value(request.body.value) : 'None'})`,
  ];
}

function stepLines(step: CodeStep, workflow: CodeWorkflow, names: Map<string, string>): string[] {
  const lines = stepComment(step).flatMap((text) => commentLines('# ', text));
  if (step.request) lines.push(...callLines(step));
  else {
    const called = step.workflow!;
    lines.push(
      `called = ${names.get(called.id)}({${called.inputs.map(([name, item]) => `${quoted(name)}: ${value(item)}`).join(', ')}})`,
    );
  }
  const success = step.criteria.length > 0 ? all(step.criteria) : step.request ? '200 <= status < 300' : 'True';
  const outputs = step.outputs
    ? `{${step.outputs.map(([name, item]) => `${quoted(name)}: ${value(item)}`).join(', ')}}`
    : 'called';
  const answer = step.request ? 'status, body' : 'None, called';
  const failure = `fail_step(${quoted(workflow.id)}, ${quoted(step.id)}, ${pythonLiteral(step.criteriaText)}, ${answer})`;
  const chosen = (actions: CodeStep['onSuccess'], otherwise: string[], succeeded: boolean): string[] => {
    const out: string[] = [];
    actions.forEach((action, index) => {
      const test = action.criteria.length > 0 ? all(action.criteria) : 'True';
      out.push(`${index === 0 ? 'if' : 'elif'} ${test}:  # ${commentText(action.name)}: ${action.type}`);
      if (action.type === 'goto') out.push(`    step = ${quoted(action.stepId!)}`);
      else if (succeeded) out.push('    step = None');
      else out.push(`    ${failure}`);
    });
    if (actions.length === 0) return otherwise;
    return [...out, 'else:', ...otherwise.map((line) => `    ${line}`)];
  };
  const succeeded = [
    `steps[${quoted(step.id)}] = {"outputs": ${outputs}}`,
    ...chosen(step.onSuccess, [`step = ${step.next ? quoted(step.next) : 'None'}`], true),
  ];
  // A workflow step without criteria succeeds when its workflow returns (a failed one has ended the program).
  if (success === 'True') return [...lines, ...succeeded];
  lines.push(
    `if ${success}:`,
    ...succeeded.map((line) => `    ${line}`),
    'else:',
    ...chosen(step.onFailure, [failure], false).map((line) => `    ${line}`),
  );
  return lines;
}

function workflowLines(workflow: CodeWorkflow, names: Map<string, string>): string[] {
  const defaults = Object.fromEntries(workflow.defaults) as Json;
  const body = workflow.steps.flatMap((step, index) => [
    `${index === 0 ? 'if' : 'elif'} step == ${quoted(step.id)}:`,
    `    take_step(${quoted(step.id)})`,
    ...stepLines(step, workflow, names).map((line) => `    ${line}`),
  ]);
  return [
    `def ${names.get(workflow.id)}(given):`,
    ...workflowComment(workflow).flatMap((text) => commentLines('    # ', text)),
    `    inputs = with_defaults(${quoted(workflow.id)}, given, ${pythonLiteral(defaults)}, ${pythonLiteral(workflow.required)})`,
    '    steps = {}',
    `    step = ${quoted(workflow.steps[0].id)}`,
    '    while step is not None:',
    ...body.map((line) => `        ${line}`),
    `    outputs = {${workflow.outputs.map(([name, item]) => `${quoted(name)}: ${value(item)}`).join(', ')}}`,
    `    workflows[${quoted(workflow.id)}] = {"inputs": inputs, "outputs": outputs}`,
    '    return outputs',
    '',
    '',
  ];
}

/** The whole program of a recipe in Python. */
export function pythonProgram(program: RecipeProgram, header: string[]): string {
  const names = functionNames(program, (parts) => `run_${parts.join('_')}`);
  const basic = program.workflows.some((workflow) =>
    workflow.steps.some((step) => step.request?.credentials.some((item) => item.placement.scheme === 'basic')),
  );
  return [
    '#!/usr/bin/env python3',
    // Fixed: Python reads an encoding declaration on lines 1-2 only, so no document text can name another.
    '# -*- coding: utf-8 -*-',
    ...header.flatMap((line) => commentLines('# ', line)),
    ...(basic ? ['import base64'] : []),
    'import json',
    'import os',
    'import re',
    'import sys',
    'import time',
    'import urllib.error',
    'import urllib.parse',
    'import urllib.request',
    '',
    '# A paging workflow calls itself once a page.',
    'sys.setrecursionlimit(10_000)',
    '',
    '# Each API: its base URL variable, else its production server.',
    'BASE_URLS = {',
    ...program.apis.map(
      (api) => `    ${quoted(api.source)}: os.environ.get(${quoted(api.baseUrlVariable)}) or ${quoted(api.server)},`,
    ),
    '}',
    '# What each workflow ended with, for $workflows.<id>.outputs.',
    'workflows = {}',
    '',
    '',
    helpers,
    '',
    '',
    ...program.workflows.flatMap((workflow) => workflowLines(workflow, names)),
    'WORKFLOWS = {',
    ...program.workflows.map(
      (workflow) =>
        `    ${quoted(workflow.id)}: (${names.get(workflow.id)}, ${pythonLiteral(inputTable(workflow) as Json)}),`,
    ),
    '}',
    `FIRST = ${quoted(program.workflows[0].id)}`,
    '',
    '',
    main,
    '',
  ].join('\n');
}

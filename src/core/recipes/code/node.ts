import { quoted } from '../../samples/quoting';
import type { Json } from '../../openapi/document';
import type { CodeCondition, CodeRequest, CodeRoot, CodeStep, CodeValue, CodeWorkflow, RecipeProgram } from './model';
import { helpers } from './nodeHelpers';
import { workflowComment, commentLines, commentText, functionNames, inputTable, stepComment } from './names';

/**
 * A recipe as a Node.js 18+ program: global fetch, no dependencies, no import and no top-level await (it runs as an
 * ES module or a script alike: `node recipe.mjs`). The request samples' node.ts and fetch.ts, step after step.
 */

const roots: Record<CodeRoot, string> = {
  inputs: 'inputs',
  steps: 'steps',
  workflows: 'workflows',
  outputs: 'called',
  status: 'status',
  query: 'query',
  path: 'pathValues',
  body: 'body',
};

/** An object literal's key: quoted, and computed for `__proto__`, which a literal key would make the prototype. */
const key = (name: string) => (name === '__proto__' ? `[${quoted(name)}]` : quoted(name));

export function nodeLiteral(value: Json | undefined): string {
  if (value === undefined) return 'undefined';
  if (value === null || typeof value !== 'object') return typeof value === 'string' ? quoted(value) : String(value);
  if (Array.isArray(value)) return `[${value.map(nodeLiteral).join(', ')}]`;
  return `{ ${Object.entries(value)
    .map(([name, item]) => `${key(name)}: ${nodeLiteral(item)}`)
    .join(', ')} }`;
}

function value(code: CodeValue): string {
  if (code.kind === 'literal') return nodeLiteral(code.value);
  if (code.kind === 'read') {
    const root = roots[code.root];
    return code.path.length === 0 ? root : `pick(${root}, [${code.path.map(quoted).join(', ')}])`;
  }
  if (code.kind === 'text')
    return code.parts.map((part) => (typeof part === 'string' ? quoted(part) : `text(${value(part)})`)).join(' + ');
  if (code.kind === 'list') return `[${code.items.map(value).join(', ')}]`;
  return `{ ${code.entries.map(([name, item]) => `${key(name)}: ${value(item)}`).join(', ')} }`;
}

export function nodeCondition(code: CodeCondition): string {
  if (code.kind === 'value') return value(code.value);
  if (code.kind === 'compare')
    return `compare(${quoted(code.operator)}, ${nodeCondition(code.left)}, ${nodeCondition(code.right)})`;
  if (code.kind === 'not') return `!holds(${nodeCondition(code.operand)})`;
  return `(holds(${nodeCondition(code.left)}) ${code.kind === 'and' ? '&&' : '||'} holds(${nodeCondition(code.right)}))`;
}

const all = (conditions: CodeCondition[]) => conditions.map((item) => `holds(${nodeCondition(item)})`).join(' && ');

function credentialHeaders(request: CodeRequest): string[] {
  return request.credentials.flatMap(({ placement, value: credential }) => {
    const text = `text(${value(credential)})`;
    if (placement.in === 'query') return [];
    const sent =
      placement.scheme === 'bearer'
        ? `"Bearer " + ${text}`
        : placement.scheme === 'basic'
          ? `"Basic " + Buffer.from(${text}).toString("base64")`
          : text;
    return [
      placement.in === 'cookie'
        ? `Cookie: ${quoted(`${placement.name}=`)} + ${sent}`
        : `${key(placement.name)}: ${sent}`,
    ];
  });
}

function callLines(request: CodeRequest): string[] {
  const path = request.path
    .map((part) =>
      typeof part === 'string'
        ? quoted(part)
        : `segment(pathValues[${quoted(part.name)}], ${quoted(`{${part.name}}`)})`,
    )
    .join(' + ');
  const pairs = [
    ...request.query.map((item) => `...queryPairs(${quoted(item.name)}, query[${quoted(item.name)}], ${item.explode})`),
    ...request.credentials
      .filter((item) => item.placement.in === 'query')
      .map((item) => `[${quoted(item.placement.name)}, text(${value(item.value)})]`),
  ];
  const headers = [
    '"Accept": "application/json"',
    ...credentialHeaders(request),
    ...request.headers.map((item) => `${key(item.name)}: headerValue(${value(item.value)})`),
    ...(request.body ? [`"Content-Type": ${quoted(request.body.contentType)}`] : []),
  ];
  return [
    `const query = { ${request.query.map((item) => `${key(item.name)}: ${value(item.value)}`).join(', ')} };`,
    `const pathValues = { ${request.path.flatMap((part) => (typeof part === 'string' ? [] : [`${key(part.name)}: ${value(part.value)}`])).join(', ')} };`,
    `const url = baseUrls[${quoted(request.source)}] + ${path};`,
    `const pairs = [${pairs.join(', ')}];`,
    `const headers = { ${headers.join(', ')} };`,
    `const [status, body] = await call(${quoted(request.method)}, url, pairs, headers, ${request.body ? value(request.body.value) : 'undefined'});`,
  ];
}

function stepLines(step: CodeStep, workflow: CodeWorkflow, names: Map<string, string>): string[] {
  const lines = stepComment(step).flatMap((text) => commentLines('// ', text));
  if (step.request) lines.push(...callLines(step.request));
  else {
    const called = step.workflow!;
    lines.push(
      `const called = await ${names.get(called.id)}({ ${called.inputs.map(([name, item]) => `${key(name)}: ${value(item)}`).join(', ')} });`,
    );
  }
  const success =
    step.criteria.length > 0 ? all(step.criteria) : step.request ? 'status >= 200 && status < 300' : 'true';
  const outputs = step.outputs
    ? `{ ${step.outputs.map(([name, item]) => `${key(name)}: ${value(item)}`).join(', ')} }`
    : 'called';
  const answer = step.request ? 'status, body' : 'undefined, called';
  const failure = `failStep(${quoted(workflow.id)}, ${quoted(step.id)}, ${nodeLiteral(step.criteriaText)}, ${answer});`;
  const chosen = (actions: CodeStep['onSuccess'], otherwise: string, succeeded: boolean): string[] => {
    const out = actions.flatMap((action, index) => [
      `${index === 0 ? 'if' : 'else if'} (${action.criteria.length > 0 ? all(action.criteria) : 'true'}) {`,
      `  // ${commentText(action.name)}: ${action.type}`,
      action.type === 'goto'
        ? `  step = ${quoted(action.stepId!)};`
        : succeeded
          ? '  step = undefined;'
          : `  ${failure}`,
      '}',
    ]);
    if (actions.length === 0) return [otherwise];
    // An `else` joins the last `}` of the chain.
    return [...out.slice(0, -1), '} else {', `  ${otherwise}`, '}'];
  };
  const succeeded = [
    `steps[${quoted(step.id)}] = { outputs: ${outputs} };`,
    ...chosen(step.onSuccess, `step = ${step.next ? quoted(step.next) : 'undefined'};`, true),
  ];
  // A workflow step without criteria succeeds when its workflow returns (a failed one has ended the program).
  if (success === 'true') return [...lines, ...succeeded, 'break;'];
  lines.push(
    `if (${success}) {`,
    ...succeeded.map((line) => `  ${line}`),
    '} else {',
    ...chosen(step.onFailure, failure, false).map((line) => `  ${line}`),
    '}',
    'break;',
  );
  return lines;
}

function workflowLines(workflow: CodeWorkflow, names: Map<string, string>): string[] {
  const defaults = Object.fromEntries(workflow.defaults) as Json;
  return [
    ...workflowComment(workflow).flatMap((text) => commentLines('// ', text)),
    `async function ${names.get(workflow.id)}(given) {`,
    `  const inputs = withDefaults(${quoted(workflow.id)}, given, ${nodeLiteral(defaults)}, ${nodeLiteral(workflow.required)});`,
    '  const steps = {};',
    `  let step = ${quoted(workflow.steps[0].id)};`,
    '  while (step !== undefined) {',
    '    switch (step) {',
    ...workflow.steps.flatMap((step) => [
      `      case ${quoted(step.id)}: {`,
      `        takeStep(${quoted(step.id)});`,
      ...stepLines(step, workflow, names).map((line) => `        ${line}`),
      '      }',
    ]),
    '    }',
    '  }',
    `  const outputs = { ${workflow.outputs.map(([name, item]) => `${key(name)}: ${value(item)}`).join(', ')} };`,
    `  workflows[${quoted(workflow.id)}] = { inputs, outputs };`,
    '  return outputs;',
    '}',
    '',
  ];
}

/** The whole program of a recipe for Node.js. */
export function nodeProgram(program: RecipeProgram, header: string[]): string {
  const names = functionNames(program, ([head, ...rest]) =>
    ['run', head, ...rest]
      .map((part) => part[0].toUpperCase() + part.slice(1))
      .join('')
      .replace(/^R/, 'r'),
  );
  return [
    // Fixed, as each language's second line is: the header's document text starts on line 3 (see index.ts).
    '// A Node.js program (an ES module, fetch built in: Node 18 or later).',
    ...header.flatMap((line) => commentLines('// ', line)),
    '',
    '// Each API: its base URL variable, else its production server.',
    'const baseUrls = {',
    ...program.apis.map(
      (api) => `  ${key(api.source)}: process.env[${quoted(api.baseUrlVariable)}] || ${quoted(api.server)},`,
    ),
    '};',
    '// What each workflow ended with, for $workflows.<id>.outputs.',
    'const workflows = {};',
    '',
    helpers,
    '',
    ...program.workflows.flatMap((workflow) => workflowLines(workflow, names)),
    'const recipeWorkflows = {',
    ...program.workflows.map(
      (workflow) => `  ${key(workflow.id)}: [${names.get(workflow.id)}, ${nodeLiteral(inputTable(workflow) as Json)}],`,
    ),
    '};',
    `const first = ${quoted(program.workflows[0].id)};`,
    '',
    'main(process.argv.slice(2)).catch((error) => {',
    '  console.error(error instanceof RecipeFailed ? error.message : error);',
    '  process.exitCode = 1;',
    '});',
    '',
  ].join('\n');
}

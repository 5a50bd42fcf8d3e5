import { timeoutSeconds } from '../../samples/request';
import { defaultMaxSteps } from '../runModel';
import { shellQuoted } from '../../text/escape';
import type { Json } from '../../openapi/document';
import type { CodeCondition, CodeRequest, CodeStep, CodeValue, CodeWorkflow, RecipeProgram } from './model';
import { workflowComment, commentLines, commentText, functionNames, inputTable, stepComment } from './names';

/**
 * A recipe as a bash program of curl and jq. Every value lives in JSON files a workflow call owns (its scope: inputs,
 * step outputs, the current step's request and answer) and every expression is a jq program over that scope, so
 * nothing a document or an answer holds is ever read by the shell as code: jq programs are written here with
 * document text only as JSON string literals, and each reaches the shell as one single-quoted word (`shellQuoted`).
 * Files, not arguments, carry the values: an answer of any size passes, and none shows in the process list.
 */

/** A JSON value as a jq literal (JSON is valid jq; JSON's escapes are jq's, and `\(` cannot come out of them). */
const literal = (value: Json | undefined) => JSON.stringify(value ?? null);

function value(code: CodeValue): string {
  if (code.kind === 'literal') return literal(code.value);
  if (code.kind === 'read') {
    if (code.root === 'workflows') return `($workflows[0] | pick(${literal(code.path)}))`;
    const root = code.root === 'outputs' ? 'called' : code.root;
    return `pick(${literal([root, ...code.path])})`;
  }
  if (code.kind === 'text')
    return `(${code.parts.map((part) => (typeof part === 'string' ? literal(part) : `(${value(part)} | text)`)).join(' + ')})`;
  if (code.kind === 'list') return `[${code.items.map(value).join(', ')}]`;
  return `{${code.entries.map(([name, item]) => `${literal(name)}: (${value(item)})`).join(', ')}}`;
}

export function jqCondition(code: CodeCondition): string {
  if (code.kind === 'value') return value(code.value);
  if (code.kind === 'compare')
    return `compare(${literal(code.operator)}; ${jqCondition(code.left)}; ${jqCondition(code.right)})`;
  if (code.kind === 'not') return `(${jqCondition(code.operand)} | holds | not)`;
  return `((${jqCondition(code.left)} | holds) ${code.kind} (${jqCondition(code.right)} | holds))`;
}

const all = (conditions: CodeCondition[]) => conditions.map((item) => `(${jqCondition(item)} | holds)`).join(' and ');

/** The jq program that writes a step's request from its scope. */
function requestProgram(request: CodeRequest): string {
  const path = request.path
    .map((part) =>
      typeof part === 'string' ? literal(part) : `(${value(part.value)} | segment(${literal(`{${part.name}}`)}))`,
    )
    .join(' + ');
  const pairs = [
    ...request.query.map((item) => `(${value(item.value)} | query_pairs(${literal(item.name)}; ${item.explode}))`),
    ...request.credentials
      .filter((item) => item.placement.in === 'query')
      .map((item) => `[[${literal(item.placement.name)}, (${value(item.value)} | text)]]`),
  ];
  const headers: string[] = ['"Accept": "application/json"'];
  for (const { placement, value: credential } of request.credentials) {
    if (placement.in === 'query') continue;
    const text = `(${value(credential)} | text)`;
    const sent =
      placement.scheme === 'bearer'
        ? `("Bearer " + ${text})`
        : placement.scheme === 'basic'
          ? `("Basic " + (${text} | @base64))`
          : text;
    headers.push(
      placement.in === 'cookie'
        ? `"Cookie": (${literal(`${placement.name}=`)} + ${sent})`
        : `${literal(placement.name)}: ${sent}`,
    );
  }
  for (const item of request.headers) headers.push(`${literal(item.name)}: (${value(item.value)} | header_value)`);
  if (request.body) headers.push(`"Content-Type": ${literal(request.body.contentType)}`);
  const parts = [
    `method: ${literal(request.method)}`,
    `path: (${path})`,
    `query: {${request.query.map((item) => `${literal(item.name)}: (${value(item.value)})`).join(', ')}}`,
    `path_values: {${request.path.flatMap((part) => (typeof part === 'string' ? [] : [`${literal(part.name)}: (${value(part.value)})`])).join(', ')}}`,
    `pairs: ([${pairs.join(', ')}] | add // [])`,
    `headers: {${headers.join(', ')}}`,
    ...(request.body ? [`body: (${value(request.body.value)})`] : []),
  ];
  return `{${parts.join(', ')}}`;
}

function stepLines(step: CodeStep, workflow: CodeWorkflow, names: Map<string, string>, apis: string[]): string[] {
  const lines = stepComment(step).flatMap((text) => commentLines('# ', text));
  if (step.request) {
    const base = `base_url_${apis.indexOf(step.request.source)}`;
    lines.push(`call "$${base}" "$scope" ${shellQuoted(requestProgram(step.request))}`);
  } else {
    const called = step.workflow!;
    const given = `{${called.inputs.map(([name, item]) => `${literal(name)}: (${value(item)})`).join(', ')}}`;
    lines.push(
      `value "$scope" ${shellQuoted(given)} >"$scope.given"`,
      `${names.get(called.id)} "$scope.given" "$scope.called"`,
      'take_called "$scope"',
    );
  }
  const success =
    step.criteria.length > 0 ? all(step.criteria) : step.request ? '(.status >= 200 and .status < 300)' : 'true';
  const outputs = step.outputs
    ? `{${step.outputs.map(([name, item]) => `${literal(name)}: (${value(item)})`).join(', ')}}`
    : '.called';
  const failure = `fail_step "$scope" ${shellQuoted(workflow.id)} ${shellQuoted(step.id)} ${shellQuoted(literal(step.criteriaText))}${step.request ? ' call' : ''}`;
  const chosen = (actions: CodeStep['onSuccess'], otherwise: string, succeeded: boolean): string[] => {
    if (actions.length === 0) return [otherwise];
    const out = actions.flatMap((action, index) => [
      `${index === 0 ? 'if' : 'elif'} ${action.criteria.length > 0 ? `holds "$scope" ${shellQuoted(all(action.criteria))}` : 'true'}; then`,
      `  # ${commentText(action.name)}: ${action.type}`,
      action.type === 'goto' ? `  step=${shellQuoted(action.stepId!)}` : succeeded ? "  step=''" : `  ${failure}`,
    ]);
    return [...out, 'else', `  ${otherwise}`, 'fi'];
  };
  const keep = shellQuoted(`.steps[${literal(step.id)}] = {outputs: ${outputs}}`);
  const next = chosen(step.onSuccess, `step=${step.next ? shellQuoted(step.next) : "''"}`, true);
  // A workflow step without criteria succeeds when its workflow returns (a failed one has ended the program).
  if (success === 'true') return [...lines, `succeed "$scope" true ${keep}`, ...next, ';;'];
  lines.push(
    `if succeed "$scope" ${shellQuoted(success)} ${keep}; then`,
    ...next.map((line) => `  ${line}`),
    'else',
    ...chosen(step.onFailure, failure, false).map((line) => `  ${line}`),
    'fi',
    ';;',
  );
  return lines;
}

function workflowLines(workflow: CodeWorkflow, names: Map<string, string>, apis: string[]): string[] {
  const defaults = Object.fromEntries(workflow.defaults) as Json;
  const outputs = `{${workflow.outputs.map(([name, item]) => `${literal(name)}: (${value(item)})`).join(', ')}}`;
  return [
    ...workflowComment(workflow).flatMap((text) => commentLines('# ', text)),
    '# Reads its inputs from the file $1 and writes its outputs to the file $2.',
    `${names.get(workflow.id)}() {`,
    '  local scope step',
    '  scope=$(mktemp "$work/scope.XXXXXX")',
    `  jq ${shellQuoted(`{inputs: (${literal(defaults)} + with_entries(select(.value != null))), steps: {}}`)} "$1" >"$scope"`,
    `  require_inputs "$scope" ${shellQuoted(workflow.id)} ${shellQuoted(literal(workflow.required))}`,
    `  step=${shellQuoted(workflow.steps[0].id)}`,
    '  while [[ -n $step ]]; do',
    '    case $step in',
    ...workflow.steps.flatMap((step) => [
      `      ${shellQuoted(step.id)})`,
      `        take_step ${shellQuoted(step.id)}`,
      ...stepLines(step, workflow, names, apis).map((line) => `        ${line}`),
    ]),
    '    esac',
    '  done',
    `  value "$scope" ${shellQuoted(outputs)} >"$2"`,
    `  finish "$scope" ${shellQuoted(workflow.id)} "$2"`,
    '}',
    '',
  ];
}

/** jq's share: the same helpers as the other languages' (python.ts), over JSON. No text of a document is in them. */
export const jqHelpers = String.raw`
def pick($path): reduce $path[] as $key (.;
  if type == "array" and ($key | test("^(0|[1-9][0-9]*)$")) then .[$key | tonumber]
  elif type == "object" then .[$key] else null end);
def text: if . == null then "" elif type == "string" then . else tojson end;
def number: if type == "number" then .
  elif type == "string" and (sub("^\\s+"; "") | sub("\\s+$"; "") | test("^-?[0-9]+(\\.[0-9]+)?([eE][+-]?[0-9]+)?$"))
  then sub("^\\s+"; "") | sub("\\s+$"; "") | tonumber else null end;
def same($left; $right):
  if ($left | type) == "number" or ($right | type) == "number"
  then ($left | number) as $x | ($right | number) as $y | $x != null and $y != null and $x == $y
  elif ([$left, $right] | map(type) | any(. == "null" or . == "object" or . == "array"))
  then ($left | tojson) == ($right | tojson)
  else $left == $right end;
def compare($operator; $left; $right):
  if $operator == "==" then same($left; $right)
  elif $operator == "!=" then same($left; $right) | not
  else (if ($left | number) != null and ($right | number) != null then [($left | number), ($right | number)]
    elif ($left | type) == "string" and ($right | type) == "string" then [$left, $right]
    else null end) as $pair
  | if $pair == null then false
    elif $operator == "<" then $pair[0] < $pair[1] elif $operator == "<=" then $pair[0] <= $pair[1]
    elif $operator == ">" then $pair[0] > $pair[1] else $pair[0] >= $pair[1] end end;
def holds: . != null and . != false and . != 0 and . != "";
def segment($placeholder): if . == null or . == "" then $placeholder
  else text | if . == "." or . == ".." then error("a path parameter cannot be " + .) else @uri end end;
def query_pairs($name; $explode): if . == null or . == "" then []
  elif type == "array" then (if $explode then map([$name, text]) else [[$name, (map(text) | join(","))]] end)
  else [[$name, text]] end;
def header_value: if . == null or . == "" then null else text end;
# An answer without a Content-Type (a 204) has none to split: "" | split(";") is [], its first part null.
def parsed($type): ($type | split(";")[0] // "" | ascii_downcase | sub("^\\s+"; "") | sub("\\s+$"; "")) as $kind
  | if $kind == "application/json" or ($kind | endswith("+json")) or ($kind == "" and test("^\\s*[\\[{]"))
    then . as $text | try fromjson catch $text else . end;
`;

const shellHelpers = String.raw`fail() {
  printf '%s\n' "$*" >&2
  exit 1
}

# Each step, a workflow's as well as a call's, counts against the limit the portal's runner keeps: a loop (a paging
# workflow that calls itself) cannot run forever.
max_steps=${defaultMaxSteps} steps_taken=0
take_step() {
  steps_taken=$((steps_taken + 1))
  ((steps_taken <= max_steps)) || fail "The run stopped at its limit of $max_steps steps, before $1"
}

# value SCOPE PROGRAM: the value of a jq program over a workflow's scope.
value() { jq -c --slurpfile workflows "$work/workflows.json" "$lib $2" "$1"; }
holds() { [[ $(value "$1" "($2) | holds") == true ]]; }
# succeed SCOPE CRITERIA UPDATE: whether a step's criteria hold; when they do, its outputs join the scope.
succeed() {
  jq --slurpfile workflows "$work/workflows.json" "$lib if ($2) | holds then $3 else empty end" "$1" >"$1.next"
  if [[ -s $1.next ]]; then mv "$1.next" "$1"; else return 1; fi
}
take_called() {
  jq --slurpfile called "$1.called" '.called = $called[0]' "$1" >"$1.next"
  mv "$1.next" "$1"
}
require_inputs() {
  local missing
  missing=$(jq -r --argjson required "$3" '$required - (.inputs | keys) | join(", ")' "$1")
  [[ -z $missing ]] || fail "$2 needs the input $missing"
}
finish() {
  jq --arg id "$2" --slurpfile scope "$1" --slurpfile outputs "$3" \
    '.[$id] = {inputs: $scope[0].inputs, outputs: $outputs[0]}' "$work/workflows.json" >"$work/workflows.next"
  mv "$work/workflows.next" "$work/workflows.json"
}
fail_step() {
  local answer='' reason
  if [[ ${'$'}{5-} == call ]]; then answer=$(jq -r '" (HTTP \(.status)): " + (.body | if type == "string" then . else tojson end)' "$1"); fi
  reason=$(jq -rn --argjson criteria "$4" '$criteria | join(" and ") | if . == "" then "a 2xx status" else . end')
  fail "$2: step $3 failed: $reason does not hold$answer"
}

# call BASE_URL SCOPE PROGRAM: sends the request the jq program writes; the request and its answer join the scope.
# One jq writes the request (its first line) and what curl needs, a line each: the method, whether it has a body, the
# path and query, then each header; a control character in any of them stops the program instead.
call() {
  local request="$work/request.json" answer="$work/answer" head status kind attempt wait url
  local -a plan args
  jq -r --slurpfile workflows "$work/workflows.json" "$lib ($3)"' | tojson, .method, (has("body") | tostring),
    (.path + (.pairs | if length > 0 then "?" + (map((.[0] | @uri) + "=" + (.[1] | @uri)) | join("&")) else "" end)),
    (.headers | to_entries[] | select(.value != null) | "\(.key): \(.value)")
    | if explode | any(. < 32 or . == 127) then error("a line break or another control character in \(.)") else . end' \
    "$2" >"$work/plan"
  mapfile -t plan <"$work/plan"
  printf '%s\n' "${'$'}{plan[0]}" >"$request"
  args=(--globoff --silent --show-error --max-time ${timeoutSeconds} --output "$answer" --write-out '%{http_code} %{content_type}')
  # --globoff: {}, [] in a URL (a base URL's path, say) are text, not a pattern of several URLs to call.
  args+=(--request "${'$'}{plan[1]}")
  # The headers from a file (the credential among them): the process list shows none of them.
  printf '%s\n' "${'$'}{plan[@]:4}" >"$work/headers"
  args+=(--header "@$work/headers")
  if [[ ${'$'}{plan[2]} == true ]]; then
    jq -c .body "$request" >"$work/data"
    args+=(--data-binary "@$work/data")
  fi
  # The URL from a file as well (a credential may be in its query), in curl's config syntax: its \ and " escaped.
  url=$1${'$'}{plan[3]} && url=${'$'}{url//\\/\\\\} && url=${'$'}{url//\"/\\\"}
  [[ $url != *[[:cntrl:]]* ]] || fail "A base URL cannot carry a line break or another control character"
  printf 'url = "%s"\n' "$url" >"$work/url"
  # Only a 429 is tried again (curl's own --retry would try a 5xx again too), after Retry-After's seconds or one.
  for attempt in 1 2; do
    : >"$answer"
    head=$(curl "${'$'}{args[@]}" --dump-header "$answer.headers" --config "$work/url")
    read -r status kind <<<"$head"
    [[ $status == 429 && $attempt == 1 ]] || break
    wait=$(tr -d '\r' <"$answer.headers" | awk -F': *' 'tolower($1) == "retry-after" && $2 ~ /^[0-9]+$/ { print $2; exit }')
    sleep "${'$'}{wait:-1}"
  done
  jq --slurpfile request "$request" --rawfile answer "$answer" --arg kind "${'$'}{kind-}" --argjson status "$status" \
    "$lib"' .status = $status | .query = $request[0].query | .path = $request[0].path_values | .body = ($answer | parsed($kind))' \
    "$2" >"$2.next"
  mv "$2.next" "$2"
}`;

const entry = String.raw`given='{}'
while (($# > 0)); do
  case $1 in
    --*=*) name=${'$'}{1%%=*} value=${'$'}{1#*=} && shift ;;
    --*) (($# >= 2)) || fail "$1 needs a value"; name=$1 value=$2 && shift 2 ;;
    *) fail "Unexpected $1: give inputs as --<name> <value>" ;;
  esac
  name=${'$'}{name#--}
  if [[ $name == max-steps ]]; then
    [[ $value =~ ^[1-9][0-9]*$ ]] || fail "--max-steps needs a whole number above 0" && max_steps=$value
  elif [[ $name == workflow ]]; then workflow=$value; else given=$(jq -c --arg name "$name" --arg value "$value" '.[$name] = $value' <<<"$given"); fi
done
# Each input from the command line, else its variable, else its default (applied by the workflow) or example.
jq -n --argjson tables "$tables" --argjson given "$given" --arg workflow "$workflow" '
  ($tables[$workflow] // error("No workflow \($workflow); the workflows: \($tables | keys_unsorted | join(", "))")) as $table
  | reduce $table[] as $item ({};
      (if $item.credential and $given[$item.name] != null
        then error("\($item.name) is read from \($item.credential) only, not from the command line")
        elif $item.credential then $ENV[$item.credential] else ($given[$item.name] // $ENV[$item.env]) end) as $text
      | if ($text // "") != "" then
          .[$item.name] = (if ($item.type // "string") == "string" then $text
            else ($text | try fromjson catch error("--\($item.name) is not JSON (\($item.type)): \($text)")) end)
        elif $item.credential and $item.required then error("Set \($item.credential)")
        elif ($item | has("default") | not) and ($item | has("example")) then .[$item.name] = $item.example
        else . end)
  | (($given | keys) - ($table | map(select(.credential | not) | .name))) as $unknown
  | if ($unknown | length) > 0
    then error("No input \($unknown | join(", ")); the inputs: \($table | map(.name) | join(", "))") else . end' \
  >"$work/inputs.json"`;

/** The whole program of a recipe in bash, curl and jq. */
export function shellProgram(program: RecipeProgram, header: string[]): string {
  const names = functionNames(program, (parts) => `run_${parts.join('_')}`);
  const apis = program.apis.map((api) => api.source);
  const tables = Object.fromEntries(program.workflows.map((workflow) => [workflow.id, inputTable(workflow)]));
  return [
    '#!/usr/bin/env bash',
    ...header.flatMap((line) => commentLines('# ', line)),
    'set -euo pipefail',
    "command -v jq >/dev/null || { echo 'This program needs jq: https://jqlang.github.io/jq/download/' >&2; exit 1; }",
    '',
    '# Each API: its base URL variable, else its production server (a single-quoted word: taken as written).',
    ...program.apis.map((api, index) => `base_url_${index}=\${${api.baseUrlVariable}:-${shellQuoted(api.server)}}`),
    '# Every file the program writes, removed when it ends; what each workflow ended with, for $workflows.',
    'work=$(mktemp -d)',
    `trap 'rm -rf "$work"' EXIT`,
    'printf \'{}\' >"$work/workflows.json"',
    `lib=${shellQuoted(jqHelpers)}`,
    '',
    shellHelpers,
    '',
    ...program.workflows.flatMap((workflow) => workflowLines(workflow, names, apis)),
    '# The inputs of each workflow: where each is read from, its default or example.',
    `tables=${shellQuoted(JSON.stringify(tables))}`,
    `workflow=${shellQuoted(program.workflows[0].id)}`,
    entry,
    'case $workflow in',
    ...program.workflows.map(
      (workflow) =>
        `  ${shellQuoted(workflow.id)}) ${names.get(workflow.id)} "$work/inputs.json" "$work/outputs.json" ;;`,
    ),
    'esac',
    'jq . "$work/outputs.json"',
    '',
  ].join('\n');
}

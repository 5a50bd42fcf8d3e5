import { timeoutSeconds } from '../../samples/request';
import { defaultMaxSteps } from '../runModel';

/* The fixed part of every Node.js program: its helpers and its command line (no text of a document is in it). */

/** The helpers every program has, whatever its recipe: no text of a document is in them. */
export const helpers = String.raw`class RecipeFailed extends Error {}

// Each step, a workflow's as well as a call's, counts against the limit the portal's runner keeps: a loop (a paging
// workflow that calls itself) cannot run forever.
let maxSteps = ${defaultMaxSteps};
let stepsTaken = 0;
function takeStep(step) {
  stepsTaken += 1;
  if (stepsTaken > maxSteps) throw new RecipeFailed("The run stopped at its limit of " + maxSteps + " steps, before " + step);
}

// A runtime expression's value: a name or JSON pointer token at a time; undefined when nothing is there.
function pick(value, path) {
  for (const key of path) {
    if (Array.isArray(value) && /^(0|[1-9][0-9]*)$/.test(key)) value = value[Number(key)];
    else if (value !== null && typeof value === "object" && !Array.isArray(value) && Object.hasOwn(value, key))
      value = value[key];
    else return undefined;
  }
  return value;
}

// A value inside text: a string as it is, nothing as nothing, anything else as JSON.
const text = (value) => (value === undefined || value === null ? "" : typeof value === "string" ? value : JSON.stringify(value));

function number(value) {
  if (typeof value === "number") return value;
  if (typeof value === "string" && /^-?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?$/.test(value.trim())) return Number(value);
  return undefined;
}

// A number equals a string that is one (a query value read back); structures compare as JSON.
function same(left, right) {
  const a = left ?? null;
  const b = right ?? null;
  if (typeof a === "number" || typeof b === "number") {
    const x = number(a);
    const y = number(b);
    return x !== undefined && y !== undefined && x === y;
  }
  if (typeof a === "object" || typeof b === "object") return JSON.stringify(a) === JSON.stringify(b);
  return a === b;
}

function compare(operator, left, right) {
  if (operator === "==") return same(left, right);
  if (operator === "!=") return !same(left, right);
  let x = number(left);
  let y = number(right);
  if (x === undefined || y === undefined) {
    if (typeof left !== "string" || typeof right !== "string") return false; // Anything else is in order with nothing.
    [x, y] = [left, right];
  }
  return { "<": x < y, "<=": x <= y, ">": x > y, ">=": x >= y }[operator];
}

const holds = (value) => Boolean(value);

function withDefaults(workflow, given, defaults, required) {
  const inputs = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined && value !== null));
  for (const [name, value] of Object.entries(defaults)) if (!Object.hasOwn(inputs, name)) inputs[name] = value;
  const missing = required.filter((name) => !Object.hasOwn(inputs, name));
  if (missing.length > 0) throw new RecipeFailed(workflow + " needs the input " + missing.join(", "));
  return inputs;
}

// A path parameter, percent-encoded; . and .. would change which call is made.
function segment(value, placeholder) {
  if (value === undefined || value === null || value === "") return placeholder;
  const written = text(value);
  if (written === "." || written === "..") throw new RecipeFailed("a path parameter cannot be " + written);
  return encodeURIComponent(written);
}

function queryPairs(name, value, explode) {
  if (value === undefined || value === null || value === "") return [];
  if (Array.isArray(value)) return explode ? value.map((item) => [name, text(item)]) : [[name, value.map(text).join(",")]];
  return [[name, text(value)]];
}

function headerValue(value) {
  if (value === undefined || value === null || value === "") return undefined;
  if (/[\x00-\x1f\x7f]/.test(text(value))) throw new RecipeFailed("a header cannot carry a line break or another control character");
  return text(value);
}

// One call; a 429 waits as long as the server asks (or a second) and is tried once more.
async function call(method, url, pairs, headers, body) {
  const target = new URL(url);
  for (const [name, value] of pairs) target.searchParams.append(name, value);
  const sent = Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== undefined));
  // No answer at all (no such host, refused, timed out) says what happened, without a stack.
  const send = () =>
    fetch(target, {
      method,
      headers: sent,
      body: body === undefined ? undefined : JSON.stringify(body),
      // A redirect is not followed (as curl does not): it would take the credential to whatever host it names.
      // The 3xx is the answer, and the step's criteria judge it.
      redirect: "manual",
      signal: AbortSignal.timeout(${timeoutSeconds * 1000}),
    }).catch((error) => {
      throw new RecipeFailed("The request failed: " + (error.cause?.message ?? error.message));
    });
  let response = await send();
  if (response.status === 429) {
    const seconds = Number(response.headers.get("Retry-After")) || 1;
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    response = await send();
  }
  const answer = await response.text();
  const kind = (response.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
  if (kind === "application/json" || kind.endsWith("+json") || (kind === "" && /^\s*[[{]/.test(answer))) {
    try {
      return [response.status, JSON.parse(answer)];
    } catch {
      // Not JSON after all: the text.
    }
  }
  return [response.status, answer];
}

function failStep(workflow, step, criteria, status, body) {
  const reason = criteria.join(" and ") || "a 2xx status";
  const answer = status === undefined ? "" : " (HTTP " + status + "): " + text(body);
  throw new RecipeFailed(workflow + ": step " + step + " failed: " + reason + " does not hold" + answer);
}

// Each input from the command line, else its variable, else its default (applied by the workflow) or example.
function readInputs(table, given) {
  const inputs = {};
  for (const item of table) {
    let value;
    if (item.credential !== undefined) {
      if (given.has(item.name))
        throw new RecipeFailed(item.name + " is read from " + item.credential + " only, not from the command line");
      value = process.env[item.credential];
      if (!value && item.required) throw new RecipeFailed("Set " + item.credential);
    } else {
      value = given.get(item.name) || process.env[item.env];
      given.delete(item.name);
    }
    if (value) {
      if ((item.type ?? "string") !== "string") {
        try {
          value = JSON.parse(value);
        } catch {
          throw new RecipeFailed("--" + item.name + " is not JSON (" + item.type + "): " + value);
        }
      }
      inputs[item.name] = value;
    } else if (!("default" in item) && "example" in item) inputs[item.name] = item.example;
  }
  if (given.size > 0) throw new RecipeFailed("No input " + [...given.keys()].join(", ") + "; the inputs: " + table.map((item) => item.name).join(", "));
  return inputs;
}

async function main(args) {
  const given = new Map();
  while (args.length > 0) {
    const argument = args.shift();
    if (!argument.startsWith("--")) throw new RecipeFailed("Unexpected " + argument + ": give inputs as --<name> <value>");
    const equals = argument.indexOf("=");
    if (equals > 0) given.set(argument.slice(2, equals), argument.slice(equals + 1));
    else if (args.length === 0) throw new RecipeFailed(argument + " needs a value");
    else given.set(argument.slice(2), args.shift());
  }
  if (given.has("max-steps")) {
    if (!/^[1-9][0-9]*$/.test(given.get("max-steps"))) throw new RecipeFailed("--max-steps needs a whole number above 0");
    maxSteps = Number(given.get("max-steps"));
    given.delete("max-steps");
  }
  const workflow = given.get("workflow") ?? first;
  given.delete("workflow");
  if (!Object.hasOwn(recipeWorkflows, workflow))
    throw new RecipeFailed("No workflow " + workflow + "; the workflows: " + Object.keys(recipeWorkflows).join(", "));
  const [run, table] = recipeWorkflows[workflow];
  const outputs = await run(readInputs(table, given));
  console.log(JSON.stringify(outputs, (name, value) => (value === undefined ? null : value), 2));
}`;

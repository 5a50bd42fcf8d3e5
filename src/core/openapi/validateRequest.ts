import type { PatternMatcher } from './patterns';
import type { Json } from './document';
import type { ParameterValues } from './request';
import type { MediaView, ParameterView, SchemaNode } from './view';

/**
 * Client-side checks the explorer runs before it sends anything: the document's own limits, so a reader learns that
 * `limit=500` is over the maximum without spending a request (or a rate-limit slot) on it.
 */
export interface ValidationProblem {
  /** The parameter or `body`. */
  field: string;
  message: string;
}

export interface ParsedValues {
  values: ParameterValues;
  problems: ValidationProblem[];
}

function parseScalar(raw: string, type: ParameterView['itemsType'] | ParameterView['baseType']): Json | undefined {
  const trimmed = raw.trim();
  if (type === 'integer') return /^[+-]?\d+$/.test(trimmed) ? Number(trimmed) : undefined;
  if (type === 'number') return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : undefined;
  if (type === 'boolean') return trimmed === 'true' ? true : trimmed === 'false' ? false : undefined;
  return raw;
}

function typeName(type: string | undefined): string {
  return type === 'integer'
    ? 'a whole number'
    : type === 'number'
      ? 'a number'
      : type === 'boolean'
        ? 'true or false'
        : 'text';
}

function describe(value: Json): string {
  return typeof value === 'string' ? `"${value}"` : JSON.stringify(value);
}

function checkScalar(parameter: ParameterView, value: Json, label: string, matches?: PatternMatcher): string[] {
  const problems: string[] = [];
  if (typeof value === 'number') {
    if (parameter.minimum !== undefined && value < parameter.minimum)
      problems.push(`${label} must be at least ${parameter.minimum}, got ${value}`);
    if (parameter.maximum !== undefined && value > parameter.maximum)
      problems.push(`${label} must be at most ${parameter.maximum}, got ${value}`);
  }
  if (typeof value === 'string') {
    if (parameter.minLength !== undefined && value.length < parameter.minLength)
      problems.push(`${label} must be at least ${parameter.minLength} characters long`);
    if (parameter.maxLength !== undefined && value.length > parameter.maxLength)
      problems.push(`${label} must be at most ${parameter.maxLength} characters long, got ${value.length}`);
    if (parameter.pattern !== undefined && matches?.(parameter.pattern, value) === false)
      problems.push(`${label} must match the pattern ${parameter.pattern}`);
  }
  if (parameter.enum && !parameter.enum.some((allowed) => allowed === value))
    problems.push(`${label} must be one of ${parameter.enum.map(describe).join(', ')}, got ${describe(value)}`);
  return problems;
}

/** Parses the explorer's text inputs into typed values and lists every rule they break. */
/**
 * `matches` checks the document's patterns (`re2Matcher`, linear-time); without one, patterns are not checked, as
 * while the reader types: every other rule is.
 */
export function validateParameters(
  parameters: ParameterView[],
  inputs: Record<string, string>,
  matches?: PatternMatcher,
): ParsedValues {
  const values: ParameterValues = {};
  const problems: ValidationProblem[] = [];
  for (const parameter of parameters) {
    const raw = inputs[parameter.name] ?? '';
    const fail = (message: string) => problems.push({ field: parameter.name, message });
    if (raw.trim() === '') {
      if (parameter.required) fail(`${parameter.name} is required`);
      continue;
    }
    if (parameter.baseType === 'array') {
      const parts = raw
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== '');
      const items: Json[] = [];
      for (const part of parts) {
        const item = parseScalar(part, parameter.itemsType);
        if (item === undefined) fail(`${parameter.name}: "${part}" is not ${typeName(parameter.itemsType)}`);
        else items.push(item);
      }
      if (parameter.uniqueItems && new Set(items.map((item) => JSON.stringify(item))).size !== items.length)
        fail(`${parameter.name} must not repeat a value`);
      if (parameter.itemsEnum) {
        for (const item of items) {
          if (!parameter.itemsEnum.includes(item))
            fail(`${parameter.name}: ${describe(item)} is not one of ${parameter.itemsEnum.map(describe).join(', ')}`);
        }
      }
      if (parameter.minItems !== undefined && items.length < parameter.minItems)
        fail(`${parameter.name} needs at least ${parameter.minItems} values`);
      if (parameter.maxItems !== undefined && items.length > parameter.maxItems)
        fail(`${parameter.name} takes at most ${parameter.maxItems} values`);
      values[parameter.name] = items;
      continue;
    }
    const value = parseScalar(raw, parameter.baseType);
    if (value === undefined) {
      fail(`${parameter.name} must be ${typeName(parameter.baseType)}, got "${raw}"`);
      continue;
    }
    checkScalar(parameter, value, parameter.name, matches).forEach(fail);
    values[parameter.name] = value;
  }
  return { values, problems };
}

/** Checks a request body typed as JSON text against the top-level fields of its schema. */
export function validateBody(
  media: MediaView | undefined,
  text: string,
  required: boolean,
  matches?: PatternMatcher,
): { value?: Json; problems: ValidationProblem[] } {
  const problems: ValidationProblem[] = [];
  const fail = (message: string) => problems.push({ field: 'body', message });
  if (text.trim() === '') {
    if (required) fail('the request body is required');
    return { problems };
  }
  let value: Json;
  try {
    value = JSON.parse(text) as Json;
  } catch (error) {
    fail(`the request body is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
    return { problems };
  }
  const fields: SchemaNode[] = media?.schema?.children ?? [];
  if (fields.length > 0) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      fail('the request body must be a JSON object');
      return { problems };
    }
    const object = value as Record<string, Json>;
    const form = /^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(media?.contentType ?? '');
    for (const field of fields) {
      const name = field.name ?? '';
      const item = object[name];
      if (item === undefined) {
        if (field.required) fail(`body.${name} is required`);
        continue;
      }
      // A form sends each field as text or a file: null or an empty object goes out as an empty part.
      if (
        form &&
        field.required &&
        (item === null ||
          item === '' ||
          (typeof item === 'object' && !Array.isArray(item) && Object.keys(item).length === 0))
      ) {
        fail(`body.${name} is required and would be sent empty`);
        continue;
      }
      if (field.type === 'string' && typeof item !== 'string') {
        fail(`body.${name} must be text`);
        continue;
      }
      checkScalar({ ...field, name } as unknown as ParameterView, item, `body.${name}`, matches).forEach(fail);
    }
  }
  return { value, problems };
}

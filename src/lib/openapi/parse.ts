import { parse as parseYaml } from 'yaml';
import { isObject, type JsonObject } from './document';

/**
 * Parses an OpenAPI document given as JSON or YAML text (YAML is a superset of JSON, so one parser reads both).
 * Throws with a readable reason when the text is not a mapping.
 */
export function parseDocumentText(text: string): JsonObject {
  let value: unknown;
  try {
    value = parseYaml(text, { prettyErrors: true, uniqueKeys: true });
  } catch (error) {
    throw new Error(`not valid JSON or YAML: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
  if (!isObject(value)) {
    throw new Error('the document is not a JSON or YAML object');
  }
  return value;
}

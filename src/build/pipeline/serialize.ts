import { stringify } from 'yaml';
import type { JsonObject } from '../../core/openapi/document';

/** The two download formats of a resolved document. */
export function toJson(document: JsonObject): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

export function toYaml(document: JsonObject): string {
  // Aliases are expanded: readers of a download should not need YAML anchors to understand it.
  return stringify(document, { aliasDuplicateObjects: false, lineWidth: 0 });
}

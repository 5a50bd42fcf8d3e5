import { isObject, type Json } from '../../../lib/openapi/document';

/** Deep equality of JSON values, with object key order ignored (YAML and JSON copies order keys differently). */
export function dequalJson(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, i) => dequalJson(item, b[i] ?? null))
    );
  }
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length &&
      keys.every((key) => key in b && dequalJson(a[key] ?? null, b[key] ?? null))
    );
  }
  return false;
}

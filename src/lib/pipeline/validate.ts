import { isObject, listOperations, pathProblem } from '../openapi/document';

const shownProblems = 3;

/**
 * Says why a parsed value cannot be used as an OpenAPI document, or returns undefined when it can. It must be an
 * OpenAPI 3.0/3.1 document with at least one operation that passes Redocly's structural rules (the field's
 * reference implementation).
 */
export async function openApiProblem(document: unknown): Promise<string | undefined> {
  if (isObject(document) && typeof document.swagger === 'string') {
    // Refused by name rather than converted: a conversion would change the provider's document behind its back.
    return `a Swagger ${document.swagger} document: the portal builds from OpenAPI 3.0 or 3.1; convert it first (swagger2openapi, or the Swagger Editor's "Convert to OpenAPI 3") and point the variable at the converted document`;
  }
  const version = isObject(document) ? document.openapi : undefined;
  if (typeof version === 'string' && /^\d+\.\d+/.test(version) && !/^3\.[01]\./.test(version)) {
    // Named, not taken for a document without the field: 3.2 (2025) is real, and its readers need to know why.
    return `an OpenAPI ${version} document: the portal reads OpenAPI 3.0 and 3.1 documents, not yet ${version}`;
  }
  if (!isObject(document) || typeof document.openapi !== 'string' || !/^3\.[01]\.\d+$/.test(document.openapi)) {
    return 'not an OpenAPI 3.0 or 3.1 document (no `openapi: 3.x.y` field)';
  }
  // Never relaxed with the rest of the validation: a path is joined to the server's URL as text, and one without
  // its slash would send the call (and its credential) to another host or port.
  const unjoinable = Object.keys(isObject(document.paths) ? document.paths : {})
    .map(pathProblem)
    .find((problem) => problem !== undefined);
  if (unjoinable) return `${unjoinable} (OpenAPI requires it): the call would go to another host`;
  if (listOperations(document).length === 0) {
    return 'the document has no operations';
  }
  // openapi-core is ESM only; a dynamic import keeps this module loadable from Docusaurus's CommonJS config loader.
  const { createConfig, lintFromString } = await import('@redocly/openapi-core');
  const config = await createConfig({ rules: { struct: 'error', 'no-unresolved-refs': 'error' } });
  const problems = (await lintFromString({ source: JSON.stringify(document), absoluteRef: 'remote.json', config }))
    .filter((problem) => problem.severity === 'error')
    .map((problem) => `${problem.location[0]?.pointer?.replace(/^#/, '') || '/'}: ${problem.message}`);
  if (problems.length === 0) return undefined;
  const more = problems.length > shownProblems ? ` (and ${problems.length - shownProblems} more)` : '';
  return `not a valid OpenAPI document: ${problems.slice(0, shownProblems).join('; ')}${more}`;
}

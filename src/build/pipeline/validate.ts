import { isObject, listOperations, pathProblem, type JsonObject } from '../../core/openapi/document';

const shownProblems = 3;

/** The OpenAPI versions the portal renders; 3.2 (September 2025) with its new fields read where the views know them. */
const readableVersion = /^3\.[012]\.\d+$/;

/**
 * Says why a parsed value cannot be rendered at all, or returns undefined when it can. Only what leaves nothing to
 * render, or what safety needs, refuses a document; everything else a linter finds is a warning
 * (`openApiWarnings`), as Redoc and Scalar render such documents. Each refusal, and why it stays one:
 * - not an object, or no `openapi: 3.0/3.1/3.2` field: nothing says how to read it (a Swagger 2.0 document is
 *   converted before this step, by `convertSwagger`);
 * - a newer major or minor version: named, so its readers know why;
 * - a path that does not begin with `/`: a path is joined to the server's URL as text, and one without its slash
 *   sends the call (and its credential) to another host or port — never relaxed;
 * - no path with an operation, no webhook and no schema: there is no page to make.
 * External references, sizes and shapes are refused or cut by the normaliser (src/build/pipeline/normalize.ts), before
 * and after this step; they do not relax either.
 */
export function openApiProblem(document: unknown): string | undefined {
  if (isObject(document) && typeof document.swagger === 'string') {
    return `a Swagger ${document.swagger} document: the portal converts Swagger 2.0 and reads OpenAPI 3.0 to 3.2`;
  }
  const version = isObject(document) ? document.openapi : undefined;
  if (typeof version === 'string' && /^\d+\.\d+/.test(version) && !readableVersion.test(version)) {
    // Named, not taken for a document without the field.
    return `an OpenAPI ${version} document: the portal reads OpenAPI 3.0, 3.1 and 3.2 documents, not yet ${version}`;
  }
  if (!isObject(document) || typeof document.openapi !== 'string' || !readableVersion.test(document.openapi)) {
    return 'not an OpenAPI 3.x document (no `openapi: 3.x.y` field)';
  }
  const unjoinable = Object.keys(isObject(document.paths) ? document.paths : {})
    // `x-` keys are the Paths object's vendor extensions, not paths.
    .filter((key) => !key.startsWith('x-'))
    .map(pathProblem)
    .find((problem) => problem !== undefined);
  if (unjoinable) return `${unjoinable} (OpenAPI requires it): the call would go to another host`;
  if (!hasContent(document)) {
    return 'the document has no operations, no webhooks and no schemas: there is nothing to render';
  }
  return undefined;
}

/** Whether a document holds something to make a page of: an operation, a webhook or a named schema. */
export function hasContent(document: JsonObject): boolean {
  const webhooks = isObject(document.webhooks) ? Object.keys(document.webhooks) : [];
  const schemas =
    isObject(document.components) && isObject(document.components.schemas) ? document.components.schemas : {};
  return listOperations(document).length > 0 || webhooks.length > 0 || Object.keys(schemas).length > 0;
}

/**
 * What Redocly's structural rules (the field's reference implementation) and its reference check find in a
 * document that renders anyway: a vendor extension of another shape (`x-logo` as a string), `nullable` in 3.1, a
 * misspelt keyword, a `$ref` to nowhere. One line for the build's log and `specs:pull`'s report, naming the first
 * places; the pages render around them.
 */
export async function openApiWarnings(document: JsonObject): Promise<string[]> {
  // openapi-core is ESM only; a dynamic import keeps this module loadable from Docusaurus's CommonJS config loader.
  const { createConfig, lintFromString } = await import('@redocly/openapi-core');
  const config = await createConfig({ rules: { struct: 'error', 'no-unresolved-refs': 'error' } });
  const problems = (await lintFromString({ source: JSON.stringify(document), absoluteRef: 'remote.json', config }))
    .filter((problem) => problem.severity === 'error')
    .map((problem) => `${problem.location[0]?.pointer?.replace(/^#/, '') || '/'}: ${problem.message}`);
  if (problems.length === 0) return [];
  const more = problems.length > shownProblems ? ` (and ${problems.length - shownProblems} more)` : '';
  return [
    `${problems.length} finding(s) of the OpenAPI rules, rendered around: ${problems.slice(0, shownProblems).join('; ')}${more}`,
  ];
}

/**
 * A Swagger 2.0 document converted to OpenAPI 3.0 by swagger2openapi (what Redoc, Scalar and
 * docusaurus-openapi-docs use), with a notice; any other value is returned as it is. The converter is told to
 * patch small mistakes and only warn, and never to resolve references: a `$ref` outside the document is refused
 * after the conversion as before it.
 */
export async function convertSwagger(document: unknown): Promise<{ document: unknown; notice?: string }> {
  if (!isObject(document) || document.swagger !== '2.0') return { document };
  const { convertObj } = await import('swagger2openapi');
  try {
    const converted = await convertObj(structuredClone(document), {
      patch: true,
      warnOnly: true,
      resolve: false,
      resolveInternal: false,
      text: '-',
    });
    const patched = converted.patches ? ` (${converted.patches} small mistake(s) patched on the way)` : '';
    return {
      document: converted.openapi,
      notice: `a Swagger 2.0 document, converted to OpenAPI ${String(converted.openapi.openapi)} by swagger2openapi${patched}`,
    };
  } catch (error) {
    throw new Error(
      `a Swagger 2.0 document that swagger2openapi could not convert: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

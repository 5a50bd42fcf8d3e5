/**
 * How a walk over an OpenAPI document tells its kinds of keys apart, for every walk that treats text, data and
 * names differently (capping text in the pipeline, escaping descriptions for Redoc).
 */

/** Keys whose values are data shown as code (examples, defaults), never rendered as Markdown. */
export const dataKeys = new Set(['example', 'value', 'default', 'enum', 'const']);

/** Keys whose children are named by the author (a property named `example` is a schema, not an example). */
export const namedMapKeys = new Set([
  'paths',
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'schemas',
  'parameters',
  'responses',
  'requestBodies',
  'headers',
  'securitySchemes',
  'links',
  'callbacks',
  'content',
  'encoding',
  'mapping',
  'variables',
  'pathItems',
  'webhooks',
  'examples',
]);

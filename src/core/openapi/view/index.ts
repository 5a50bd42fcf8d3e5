/*
 * View models of a resolved document, by job: the view types (types.ts), page names (slugs.ts), schema trees
 * (schemaTree.ts), operation views (operations.ts) and schema pages (schemaPages.ts). Importers take them from here.
 */
export type {
  CallbackView,
  LinkView,
  Constraints,
  CredentialPlacement,
  DocumentSampleView,
  MediaView,
  OperationView,
  ParameterView,
  RequestBodyView,
  ResponseView,
  SchemaFile,
  SchemaNode,
  SchemaSize,
  SchemaView,
  SecurityView,
  ServerView,
  ServerVariableView,
  VariantsView,
  WebhookView,
  WebhookDetails,
  Provenance,
  ProvenancePart,
} from './types';
export {
  documentSlugs,
  kebabCase,
  operationPageNamesIn,
  operationSlug,
  portalPageNames,
  reservedPagesKey,
  schemaSlug,
} from './slugs';
export { flattenSchema, refName, schemaNode } from './schemaTree';
export { bodyTypeRank, operationView, operationViews } from './operations';
export {
  operationSchemaRoots,
  referencedSchemaSteps,
  referencedSchemas,
  schemaCatalog,
  schemaViews,
  type SchemaCatalog,
} from './schemaPages';
export { webhookViews } from './webhooks';
export { documentSampleLimits, documentSampleNotices, readDocumentSamples } from './documentSamples';

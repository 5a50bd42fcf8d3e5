/*
 * View models of a resolved document, by job: the view types (types.ts), page names (slugs.ts), schema trees
 * (schemaTree.ts; allOf merged in flatten.ts, names and references in schemaRefs.ts, shapes and discriminators in
 * polymorphism.ts, type labels in typeLabels.ts), operation views (operations.ts; parameters, security schemes,
 * servers and links each in its own *Views.ts) and schema pages (schemaPages.ts). Importers take them from here.
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
  slugsOf,
  withSlugs,
  type GivenSlugs,
} from './slugs';
export { flattenSchema } from './flatten';
export { refName } from './schemaRefs';
export { schemaNode } from './schemaTree';
export { bodyTypeRank, operationView, operationViews } from './operations';
export {
  operationSchemaRoots,
  referencedSchemaSteps,
  referencedSchemas,
  schemaCatalog,
  schemaHomes,
  schemaViews,
  type SchemaCatalog,
} from './schemaPages';
export { webhookViews } from './webhooks';
export { documentSampleLimits, documentSampleNotices, readDocumentSamples } from './documentSamples';

/** The building blocks of the generated operation and schema pages (see the openapi-source plugin's pages.ts). */
export { default as OperationSummary } from './OperationSummary';
export { default as ParameterTable } from './ParameterTable';
export { default as SchemaFields } from './SchemaFields';
export { default as CodeSamples } from './CodeSamples';
export { default as JsonExample } from './JsonExample';
export { default as Markdown } from '@site/src/components/Markdown';
export { default as UsedBy } from './UsedBy';
export { Response, RequestBody } from './Responses';

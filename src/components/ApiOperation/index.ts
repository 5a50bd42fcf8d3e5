/** The building blocks of the generated operation and schema pages and of the single-page references. */
export { default as OperationReference } from './OperationReference';
export { default as WebhookReference } from './WebhookReference';
export { default as SchemaFields } from './SchemaFields';
export { default as JsonExample } from './JsonExample';
export { default as Markdown } from '@site/src/components/Markdown';
export { default as UsedBy } from './UsedBy';
export { default as ChangedBadge } from './ChangedBadge';

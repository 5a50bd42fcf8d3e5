import ApiExplorer from '@site/src/components/ApiExplorer';
import { MarkdownTreesProvider } from '@site/src/components/Markdown';
import WebhookDetails from '@site/src/components/WebhookEvents/LazyWebhookDetails';
import { ChangedBadge, JsonExample, Markdown, OperationReference, SchemaFields, UsedBy, WebhookReference } from './';

/**
 * The components the generated reference pages use without importing them (src/build/pages/pages.ts):
 * MDX takes a component a page does not declare from the provider around it (DocItem.tsx).
 */
export const referencePageComponents = {
  ApiExplorer,
  ChangedBadge,
  JsonExample,
  Markdown,
  MarkdownTreesProvider,
  OperationReference,
  SchemaFields,
  UsedBy,
  WebhookReference,
  WebhookDetails,
};

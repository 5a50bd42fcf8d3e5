import { MarkdownTreesProvider } from '@site/src/components/Markdown';
import WebhookDetails from '@site/src/components/WebhookEvents/LazyWebhookDetails';
import ReferencePage, { SchemaPageExample, SchemaPageFields, SchemaPageIntro, SchemaPageUsedBy } from './ReferencePage';
import { WebhookReference } from './';

/**
 * The components the generated reference pages use without importing them (src/build/pages/pages.ts):
 * MDX takes a component a page does not declare from the provider around it (DocItem.tsx).
 */
export const referencePageComponents = {
  MarkdownTreesProvider,
  ReferencePage,
  SchemaPageExample,
  SchemaPageFields,
  SchemaPageIntro,
  SchemaPageUsedBy,
  WebhookReference,
  WebhookDetails,
};

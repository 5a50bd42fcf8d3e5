// A module of its own, with no imports: the browser code that reads it (the samples' tabs, the webhooks page) must not
// carry config/codeLanguages.ts's Prism tables.
/**
 * The tab group of the code samples: the reader's chosen language is kept under the key the theme's own tabs use for
 * a group (`docusaurus.tab.<group>`), so the reference's samples (src/components/ApiOperation/CodeSamples.tsx), any
 * theme tabs of this group, and the webhooks page's handlers (src/components/WebhookEvents) follow one choice.
 */
export const sampleTabsGroupId = 'code-sample-language';
export const sampleStorageKey = `docusaurus.tab.${sampleTabsGroupId}`;

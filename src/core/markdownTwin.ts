/**
 * Where a page's Markdown twin lives (written after the build by src/plugins/llms-export): the same path with `.md`
 * appended, `/docs/` → `/docs.md`, `/` → `/index.md`. Shared by the export and the pages that link to it.
 */
export function twinPath(route: string): string {
  const trimmed = route.replace(/\/+$/, '');
  return `${trimmed === '' ? '/index' : trimmed}.md`;
}

/** Routes without a twin: the not-found page and test-only routes. */
export function isExported(route: string): boolean {
  return !/^\/(404(\.html)?|__e2e\/.*)$/.test(route) && !route.startsWith('/__');
}

/** The prompt an AI chat opens with: read the page's twin, then answer questions about it. */
export function aiPrompt(twinUrl: string): string {
  return `Read ${twinUrl} so I can ask questions about it.`;
}

/** Links that open a page's twin in an AI chat, the prompt in the address (both read `q`). */
export function aiChatLinks(twinUrl: string): { label: string; href: string }[] {
  const q = encodeURIComponent(aiPrompt(twinUrl));
  return [
    { label: 'Open in ChatGPT', href: `https://chatgpt.com/?hints=search&q=${q}` },
    { label: 'Open in Claude', href: `https://claude.ai/new?q=${q}` },
  ];
}

/** The guide to connecting an AI assistant to the portal (its MCP server), which the page menu links. */
export const assistantsGuide = '/getting-started/intro/ai-assistants';

import { markdownText } from '../../core/text/escape';
import { parse, type HTMLElement } from 'node-html-parser';
import { parse as parseHtml, serialize } from 'parse5';
import TurndownService from 'turndown';
import { tables } from 'turndown-plugin-gfm';
import { safeHref } from '../../core/markdown/links';
import { headAndMain, pageParts, type PageParts } from '../buildOutput';

/** What a built page says, as Markdown: its title, its meta description and its main content. */
export interface HtmlPage {
  title: string;
  description: string;
  markdown: string;
}

/** Page furniture that is not content: heading anchors, copy buttons, breadcrumbs, tables of contents, icons. */
const furniture = [
  'script',
  'style',
  'nav',
  'button',
  'svg',
  '.hash-link',
  '.theme-doc-toc-mobile',
  '.theme-doc-footer',
  '.pagination-nav',
  'form',
];

function converter(): TurndownService {
  const service = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
  service.use(tables);
  // Page text that looks like HTML (`<script>` written out in a description) must stay text in Markdown too.
  const escape = service.escape.bind(service);
  service.escape = (text: string) => escape(text).replace(/</g, '&lt;').replace(/>/g, '&gt;');
  // A link keeps its target only where the site's own rule allows it (http, https, mailto, site paths).
  service.addRule('safeLink', {
    filter: (node) => node.nodeName === 'A',
    replacement: (content, node) => {
      const href = safeHref(
        (node as unknown as { getAttribute: (name: string) => string | null }).getAttribute('href') ?? '',
      );
      return href ? `[${content}](${href.replace(/[()<> ]/g, encodeURIComponent)})` : content;
    },
  });
  // Docusaurus renders each line of a code block as its own element; their text, one per line, is the code.
  service.addRule('codeBlock', {
    filter: (node) => node.nodeName === 'PRE',
    replacement: (_content, node) => {
      const element = node as unknown as {
        querySelectorAll: (s: string) => ArrayLike<{ textContent: string | null }>;
        textContent: string | null;
        parentNode: { className?: string } | null;
        className?: string;
      };
      const lines = Array.from(element.querySelectorAll('.token-line'));
      const code =
        lines.length > 0 ? lines.map((line) => line.textContent ?? '').join('\n') : (element.textContent ?? '');
      const classes = `${element.className ?? ''} ${element.parentNode?.className ?? ''}`;
      const language = /language-([\w-]+)/.exec(classes)?.[1] ?? '';
      const longest = Math.max(2, ...[...code.matchAll(/`+/g)].map((match) => match[0].length));
      const fence = '`'.repeat(longest + 1);
      return `\n\n${fence}${language}\n${code.replace(/\n+$/, '')}\n${fence}\n\n`;
    },
  });
  return service;
}

const turndown = converter();

function contentOf(root: HTMLElement): HTMLElement | null {
  return root.querySelector('.theme-doc-markdown') ?? root.querySelector('main') ?? root.querySelector('body');
}

/** Converts a page of the build to Markdown, keeping its headings, prose, lists, tables and code. */
/** `parts`: the page's head and main (`pageParts`), when the caller has them already. */
export function htmlPage(html: string, parts: PageParts | undefined = pageParts(html)): HtmlPage {
  // The build's HTML is minified: `</p>` and `</li>` are left out where HTML lets them be. node-html-parser closes a
  // `<p>` at the next `<p>` or `<div>` only, so a list after a paragraph (`<p>text<ul>…</ul></div>`) unbalanced its
  // tree and a page's content went missing from its twin; parse5, the HTML standard's parser, writes every end tag
  // back first.
  const root = parse(serialize(parseHtml(headAndMain(html, parts))));
  const title = (
    root.querySelector('meta[property="og:title"]')?.getAttribute('content') ??
    root.querySelector('title')?.text ??
    ''
  )
    .replace(/\s*\|[^|]*$/, '')
    .trim();
  const description = root.querySelector('meta[name="description"]')?.getAttribute('content')?.trim() ?? '';
  const content = contentOf(root);
  if (!content) return { title, description, markdown: `# ${markdownText(title)}\n` };
  for (const selector of furniture) content.querySelectorAll(selector).forEach((element) => element.remove());
  let markdown = turndown
    .turndown(content.toString())
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (!markdown.startsWith('# ')) markdown = `# ${markdownText(title)}\n\n${markdown}`;
  return { title, description, markdown: `${markdown}\n` };
}

import { useMemo, type ReactNode } from 'react';
import { usePrismTheme } from '@docusaurus/theme-common';
import { tokenize } from '@site/src/core/prism';
import { highlightedClass, tokensHtml } from '@site/src/core/prism/html';

/**
 * Code highlighted in the site's theme as one escaped HTML string coloured by class (src/core/prism/html.ts), the same
 * on the server and in the browser; plain text in a language no loaded grammar knows. Shared by the reference's
 * `Code` and descriptions' code blocks; it registers no grammar itself, so guides that show descriptions do not load
 * the request samples' languages.
 */
export default function HighlightedPre({
  code,
  language,
  className,
}: {
  code: string;
  language: string;
  className: string;
}): ReactNode {
  const theme = usePrismTheme();
  const prismLanguage = language.toLowerCase();
  const html = useMemo(() => tokensHtml(tokenize(code, prismLanguage)), [code, prismLanguage]);
  return (
    // A scrolling region must be reachable by keyboard (axe: scrollable-region-focusable).
    <pre
      tabIndex={0}
      className={`prism-code language-${prismLanguage} ${highlightedClass} ${className}`}
      style={{ color: theme.plain.color, backgroundColor: theme.plain.backgroundColor }}
    >
      {/* Escaped by tokensHtml: the text of the code, with spans only around its tokens. */}
      <code dangerouslySetInnerHTML={{ __html: html }} />
    </pre>
  );
}

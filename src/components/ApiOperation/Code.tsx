import { useEffect, useMemo, useState, type ReactNode } from 'react';
import './grammars';
import { usePrismTheme } from '@docusaurus/theme-common';
import { highlightedClass, tokensHtml } from '@site/src/lib/prism/html';
import { tokenize } from '@site/src/lib/prism';
import styles from './styles.module.css';

function CopyButton({ code }: { code: string }): ReactNode {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return undefined;
    const timer = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);
  return (
    <button
      type="button"
      className={styles.copy}
      aria-label={copied ? 'Copied' : 'Copy code to clipboard'}
      onClick={() => {
        void navigator.clipboard.writeText(code).then(() => setCopied(true));
      }}
    >
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}

/**
 * A highlighted code block of the reference, in the site's code theme. Unlike the theme's CodeBlock, which builds its
 * buttons only in the browser (and is remounted after hydration), it renders the same markup on the server and in the
 * browser: a reference that hydrates late (the single-page reference waits for its document) hydrates it as is. The
 * code is one escaped HTML string coloured by class (src/lib/prism/html.ts; the colours are in every page's head), so
 * a page of many samples is not an element per token with its own style, and hydration does not walk the tokens.
 */
export default function Code({ code, language, title }: { code: string; language: string; title?: string }): ReactNode {
  const theme = usePrismTheme();
  const prismLanguage = language.toLowerCase();
  const html = useMemo(() => tokensHtml(tokenize(code, prismLanguage)), [code, prismLanguage]);
  return (
    <div className={`theme-code-block ${styles.code}`}>
      {/* The copy button sits in a bar of its own above the code, never over a line's text. */}
      <div className={styles.codeTitle}>
        <span>{title}</span>
        <CopyButton code={code} />
      </div>
      <div className={styles.codeBody}>
        {/* A scrolling region must be reachable by keyboard (axe: scrollable-region-focusable). */}
        <pre
          tabIndex={0}
          className={`prism-code language-${prismLanguage} ${highlightedClass} ${styles.pre}`}
          style={{ color: theme.plain.color, backgroundColor: theme.plain.backgroundColor }}
        >
          {/* Escaped by tokensHtml: the text of the code, with spans only around its tokens. */}
          <code dangerouslySetInnerHTML={{ __html: html }} />
        </pre>
      </div>
    </div>
  );
}

import type { ReactNode } from 'react';
// Registers the request samples' grammars before any sample is highlighted.
import './grammars';
import HighlightedPre from '@site/src/components/HighlightedPre';
import CopyButton from '@site/src/components/CopyButton';
import styles from './styles.module.css';

/**
 * A highlighted code block of the reference, in the site's code theme. Unlike the theme's CodeBlock, which builds its
 * buttons only in the browser (and is remounted after hydration), it renders the same markup on the server and in the
 * browser: a reference that hydrates late (the single-page reference waits for its document) hydrates it as is. The
 * code is one escaped HTML string coloured by class (src/core/prism/html.ts; the colours are in every page's head), so
 * a page of many samples is not an element per token with its own style, and hydration does not walk the tokens.
 */
export default function Code({ code, language, title }: { code: string; language: string; title?: string }): ReactNode {
  return (
    <div className={`theme-code-block ${styles.code}`}>
      {/* The copy button sits in a bar of its own above the code, never over a line's text. */}
      <div className={styles.codeTitle}>
        <span>{title}</span>
        <CopyButton code={code} className={styles.copy} />
      </div>
      <div className={styles.codeBody}>
        <HighlightedPre code={code} language={language} className={styles.pre} />
      </div>
    </div>
  );
}

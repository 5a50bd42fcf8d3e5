import { useEffect, useState, type ReactNode } from 'react';
import './grammars';
import { Highlight } from 'prism-react-renderer';
import { usePrismTheme } from '@docusaurus/theme-common';
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
 * browser: a reference that hydrates late (the single-page reference waits for its document) hydrates it as is.
 */
export default function Code({ code, language, title }: { code: string; language: string; title?: string }): ReactNode {
  const theme = usePrismTheme();
  return (
    <div className={`theme-code-block ${styles.code}`}>
      {/* The copy button sits in a bar of its own above the code, never over a line's text. */}
      <div className={styles.codeTitle}>
        <span>{title}</span>
        <CopyButton code={code} />
      </div>
      <div className={styles.codeBody}>
        <Highlight theme={theme} code={code} language={language}>
          {({ className, style, tokens, getLineProps, getTokenProps }) => (
            // A scrolling region must be reachable by keyboard (axe: scrollable-region-focusable).
            <pre tabIndex={0} className={`${className} ${styles.pre}`} style={style}>
              <code>
                {tokens.map((line, index) => (
                  <span key={index} {...getLineProps({ line })}>
                    {line.map((token, key) => (
                      <span key={key} {...getTokenProps({ token })} />
                    ))}
                    {'\n'}
                  </span>
                ))}
              </code>
            </pre>
          )}
        </Highlight>
      </div>
    </div>
  );
}

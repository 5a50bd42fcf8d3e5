import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { useLocation } from '@docusaurus/router';
import Link from '@docusaurus/Link';
import { aiChatLinks, assistantsGuide, isExported, twinPath } from '@site/src/core/markdownTwin';
import styles from './styles.module.css';

type CopyState = 'idle' | 'copied' | { error: string };

/**
 * The page for AI tools and Markdown readers: copy its Markdown twin, view it, or open it in ChatGPT or Claude. A
 * disclosure (a button and a list of plain links and buttons), so it works with a keyboard and a screen reader
 * without a menu's arrow-key contract. (The head names the twin on every page: src/theme/Root.)
 */
export default function PageMenu(): ReactNode {
  const { pathname } = useLocation();
  const { siteConfig } = useDocusaurusContext();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [copy, setCopy] = useState<CopyState>('idle');
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !root.current?.contains(event.target as Node)) {
        setOpen(false);
        if (event instanceof KeyboardEvent) root.current?.querySelector('button')?.focus();
      }
    };
    document.addEventListener('keydown', close);
    document.addEventListener('pointerdown', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('pointerdown', close);
    };
  }, [open]);

  if (!isExported(pathname)) return null;
  const twin = twinPath(pathname);
  const twinUrl = `${siteConfig.url}${twin}`;

  const copyPage = async () => {
    setCopy('idle');
    try {
      const response = await fetch(twin);
      if (!response.ok) throw new Error(`the Markdown answered ${response.status}`);
      await navigator.clipboard.writeText(await response.text());
      setCopy('copied');
      setOpen(false);
    } catch (error) {
      setCopy({ error: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <div className={styles.menu} ref={root} data-search-skip>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={`${id}-items`}
        onClick={() => setOpen((value) => !value)}
      >
        Page as Markdown
        <span aria-hidden="true" className={styles.chevron} />
      </button>
      <ul id={`${id}-items`} className={styles.items} hidden={!open}>
        <li>
          <button type="button" onClick={() => void copyPage()}>
            Copy page as Markdown
          </button>
        </li>
        <li>
          <a href={twin} type="text/markdown">
            View as Markdown
          </a>
        </li>
        {aiChatLinks(twinUrl).map((link) => (
          <li key={link.label}>
            <a href={link.href} target="_blank" rel="noopener noreferrer">
              {link.label}
            </a>
          </li>
        ))}
        <li>
          <Link to={assistantsGuide}>Connect your assistant (MCP)</Link>
        </li>
      </ul>
      {/* A live region without the status role: pages have their own status (the reference's loading state). */}
      <span aria-live="polite" className={styles.status}>
        {copy === 'copied'
          ? 'Copied the page as Markdown'
          : typeof copy === 'object'
            ? `Could not copy: ${copy.error}`
            : ''}
      </span>
    </div>
  );
}

import { useId, useState, type ReactNode } from 'react';
import Code from './Code';
import styles from './styles.module.css';

/** Examples longer than this many lines show this many, with a button for the rest. */
export const collapsedLines = 14;

/**
 * A code block that shows its first lines and opens to all of them. The whole code is in the page (so copying
 * copies all of it and search engines read it) and only its height is clipped, unless `preview` asks for the shown
 * lines only.
 */
export default function CollapsibleCode({
  code,
  language,
  title,
  preview = false,
}: {
  code: string;
  language: string;
  title?: string;
  /** Closed, build only the lines shown (a page of many calls); the whole code is built when opened. */
  preview?: boolean;
}): ReactNode {
  const lines = code.split('\n').length;
  const [open, setOpen] = useState(false);
  const id = useId();
  if (lines <= collapsedLines) {
    return <Code code={code} language={language} title={title} />;
  }
  return (
    <div className={styles.collapsible} data-open={open}>
      <div id={id} className={styles.collapsibleBody} style={{ '--collapsed-lines': collapsedLines } as object}>
        <Code
          code={preview && !open ? code.split('\n').slice(0, collapsedLines).join('\n') : code}
          language={language}
          title={title}
        />
      </div>
      <button
        type="button"
        className={styles.expand}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        {open ? 'Show fewer lines' : `Show all ${lines} lines`}
      </button>
    </div>
  );
}

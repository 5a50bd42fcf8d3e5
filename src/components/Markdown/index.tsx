import { createContext, useContext, useMemo, type ReactNode } from 'react';
import Link from '@docusaurus/Link';
import { firstLine, markdownKey, type MarkdownTrees, type MdNode } from '@site/src/core/markdown/tree';
import HighlightedPre from '@site/src/components/HighlightedPre';
import styles from './styles.module.css';

/**
 * The parsed descriptions of what a page shows (src/core/markdown/parse.ts, run when the page is written). The
 * parser stays out of the browser: it is 100 KB of JavaScript, and the page already knows every description it has.
 */
const TreesContext = createContext<MarkdownTrees>({});

/** Makes a page's (or a fetched schema's) parsed descriptions available to the `Markdown` inside it. */
export function MarkdownTreesProvider({ trees, children }: { trees?: MarkdownTrees; children: ReactNode }): ReactNode {
  const outer = useContext(TreesContext);
  const value = useMemo(() => (trees ? { ...outer, ...trees } : outer), [outer, trees]);
  return <TreesContext.Provider value={value}>{children}</TreesContext.Provider>;
}

type HeadingLevel = 2 | 3 | 4 | 5 | 6;

function render(nodes: readonly MdNode[], headingBase: HeadingLevel): ReactNode[] {
  return nodes.map((node, index) => {
    if (typeof node === 'string') return node;
    switch (node.t) {
      case 'p':
        return <p key={index}>{render(node.c, headingBase)}</p>;
      case 'em':
        return <em key={index}>{render(node.c, headingBase)}</em>;
      case 'strong':
        return <strong key={index}>{render(node.c, headingBase)}</strong>;
      case 'del':
        return <del key={index}>{render(node.c, headingBase)}</del>;
      case 'sup':
        return <sup key={index}>{render(node.c, headingBase)}</sup>;
      case 'sub':
        return <sub key={index}>{render(node.c, headingBase)}</sub>;
      case 'quote':
        return <blockquote key={index}>{render(node.c, headingBase)}</blockquote>;
      case 'ul':
        return <ul key={index}>{render(node.c, headingBase)}</ul>;
      case 'ol':
        return (
          <ol key={index} start={node.start}>
            {render(node.c, headingBase)}
          </ol>
        );
      case 'li':
        return (
          <li key={index} className={node.task === undefined ? undefined : styles.task}>
            {node.task !== undefined && <input type="checkbox" checked={node.task} disabled aria-label="Task" />}
            {render(node.c, headingBase)}
          </li>
        );
      case 'h': {
        const Heading = `h${Math.min(6, headingBase + node.d - 1)}` as 'h2';
        return <Heading key={index}>{render(node.c, headingBase)}</Heading>;
      }
      case 'code':
        return <code key={index}>{node.v}</code>;
      case 'kbd':
        return <kbd key={index}>{node.v}</kbd>;
      case 'details':
        return (
          <details key={index} className={styles.details}>
            {node.s.length > 0 && <summary>{render(node.s, headingBase)}</summary>}
            {render(node.c, headingBase)}
          </details>
        );
      case 'pre':
        return (
          <HighlightedPre
            key={index}
            code={node.v.replace(/\n$/, '')}
            language={node.lang ?? 'text'}
            className={styles.pre}
          />
        );
      case 'a':
        return (
          <Link key={index} to={node.href}>
            {render(node.c, headingBase)}
          </Link>
        );
      case 'img':
        return (
          <Link key={index} to={node.href}>
            Image: {node.alt || node.href}
          </Link>
        );
      case 'br':
        return <br key={index} />;
      case 'hr':
        return <hr key={index} />;
      case 'table':
        return (
          <div key={index} className={styles.table} tabIndex={0} role="region" aria-label="Table">
            <table>
              {node.head.length > 0 && (
                <thead>
                  <tr>
                    {node.head.map((cell, cellIndex) => (
                      <th
                        key={cellIndex}
                        style={node.align[cellIndex] ? { textAlign: node.align[cellIndex] } : undefined}
                      >
                        {render(cell, headingBase)}
                      </th>
                    ))}
                  </tr>
                </thead>
              )}
              <tbody>
                {node.rows.map((row, rowIndex) => (
                  <tr key={rowIndex}>
                    {row.map((cell, cellIndex) => (
                      <td
                        key={cellIndex}
                        style={node.align[cellIndex] ? { textAlign: node.align[cellIndex] } : undefined}
                      >
                        {render(cell, headingBase)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        );
      case 'tr':
        return render(node.c, headingBase);
    }
  });
}

/**
 * A description from an OpenAPI document, rendered from its parsed tree: text stays text, and a document's HTML
 * reaches the page only as the few elements its allow-list turned into nodes (src/core/markdown/html.ts), never as
 * markup of its own. `headings` is the level of the description's first-level heading, under the place's own.
 * A description the page has no tree for (none should be missing: e2e tests look for the marker) shows as plain
 * paragraphs, marked `data-markdown="unparsed"`.
 */
export default function Markdown({
  text,
  inline = false,
  headings = 3,
}: {
  text: string;
  inline?: boolean;
  headings?: HeadingLevel;
}): ReactNode {
  const trees = useContext(TreesContext);
  if (!text) return null;
  const tree = trees[markdownKey(text)];
  if (!tree) {
    if (inline) return <span data-markdown="unparsed">{text.replace(/\s+/g, ' ')}</span>;
    return text
      .split(/\n[ \t]*\n/)
      .filter((paragraph) => paragraph.trim() !== '')
      .map((paragraph, index) => (
        <p key={index} data-markdown="unparsed">
          {paragraph}
        </p>
      ));
  }
  return <>{render(inline ? firstLine(tree) : tree, headings)}</>;
}

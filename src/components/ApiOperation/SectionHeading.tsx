import type { ReactNode } from 'react';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import styles from './styles.module.css';

export type HeadingLevel = 2 | 3 | 4 | 5 | 6;

/**
 * A heading with an id and the theme's "#" link beside it (the `hash-link` class of Docusaurus's own headings), so
 * every section of a call can be linked to, on a page of its own or on the single-page reference.
 */
export default function SectionHeading({
  level,
  id,
  children,
  className,
}: {
  level: HeadingLevel;
  id: string;
  children: ReactNode;
  className?: string;
}): ReactNode {
  const Tag = `h${level}` as const;
  return (
    <Tag id={id} className={[styles.anchorTarget, className].filter(Boolean).join(' ')}>
      {children}
      <AnchorLink id={id} />
    </Tag>
  );
}

/**
 * The "#" link to an element: visible on hover and focus, it puts the element's address in the URL. It also tells the
 * build the element's id exists, so links to it from other pages (the changelog's) are checked like headings.
 */
export function AnchorLink({ id, label }: { id: string; label?: string }): ReactNode {
  useBrokenLinks().collectAnchor(id);
  return (
    <a className="hash-link" href={`#${id}`} aria-label={label ? `Link to ${label}` : 'Link to this section'}>
      {'\u200B'}
    </a>
  );
}

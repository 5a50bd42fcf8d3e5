import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import styles from './styles.module.css';

export interface EntryCard {
  title: string;
  to: string;
  description: string;
}

/** A grid of links to the portal's main sections, each with a line on what the reader finds there. */
export default function EntryCards({ cards }: { cards: readonly EntryCard[] }): ReactNode {
  return (
    <ul className={styles.grid}>
      {cards.map((card) => (
        <li key={card.to}>
          <Link className={styles.card} to={card.to}>
            <h2 className={styles.cardTitle}>{card.title}</h2>
            <p className={styles.cardText}>{card.description}</p>
          </Link>
        </li>
      ))}
    </ul>
  );
}

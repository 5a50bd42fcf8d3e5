import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import EntryCards, { type EntryCard } from '@site/src/components/EntryCards';
import { brand } from '@site/config/brand';
import styles from './index.module.css';

const cards: readonly EntryCard[] = [
  {
    title: 'Getting Started',
    to: '/getting-started/intro/start-here',
    description: 'Create credentials, make a first request and find the guide for your task.',
  },
  {
    title: 'Data API',
    to: '/docs/data-api/',
    description: 'Read championships, tournaments, hubs, matches, players and teams with an API key.',
  },
  {
    title: 'Chat API',
    to: '/docs/chat-api/',
    description: 'Read chat rooms and messages and post replies with a player’s OAuth2 token.',
  },
  {
    title: 'Webhooks',
    to: '/docs/webhooks',
    description: 'Receive event notifications at your own endpoint instead of polling.',
  },
];

export default function Home(): ReactNode {
  return (
    <Layout
      title="Home"
      description={`Guides and API references for building on the ${brand.name} competition platform.`}
    >
      <header className={styles.hero}>
        <Heading as="h1" className={styles.title}>
          Build on {brand.name}
        </Heading>
        <p className={styles.tagline}>
          Open APIs for the {brand.name} competition platform: read championships, matches and players with the Data
          API, take part in chat rooms with the Chat API, and learn of events as they happen.
        </p>
        <div className={styles.actions}>
          <Link className="button button--primary button--lg" to="/getting-started/intro/start-here">
            Start here
          </Link>
          <Link className="button button--secondary button--lg" to="/docs/">
            Browse the API
          </Link>
        </div>
      </header>
      <main className={styles.section}>
        <p className={styles.offers}>
          Third-party developers use the APIs to build tournament sites, companion apps, stream overlays and chat bots;
          partners use them to link accounts and deliver rewards. Choose where to begin:
        </p>
        <EntryCards cards={cards} />
      </main>
    </Layout>
  );
}

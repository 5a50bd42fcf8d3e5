import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import CodeBlock from '@theme/CodeBlock';
import { usePluginData } from '@docusaurus/useGlobalData';
import EntryCards, { type EntryCard } from '@site/src/components/EntryCards';
import type { OpenApiSourceData, ResolvedApiSummary } from '@site/src/core/openapi/sourceData';
import { brand } from '@site/config/brand';
import { shellQuoted } from '@site/src/core/text/escape';
import styles from './index.module.css';

/** Getting Started, a card per API of the registry (config/apis.ts) in its order, then Webhooks. */
function entryCards(apis: readonly ResolvedApiSummary[]): EntryCard[] {
  return [
    {
      title: 'Getting Started',
      to: '/getting-started/intro/start-here',
      description: 'Create credentials, make a first request and find the guide for your task.',
    },
    ...apis.flatMap(({ site }) => (site ? [{ title: site.name, to: site.href, description: site.card }] : [])),
    {
      title: 'Webhooks',
      to: '/docs/webhooks',
      description: 'Receive event notifications at your own endpoint instead of polling.',
    },
  ];
}

const credentials = {
  apiKey: { name: 'API key', page: '/getting-started/authentication/api-keys' },
  oauth2: { name: 'OAuth2 access token', page: '/getting-started/authentication/oauth2' },
} as const;

const audiences: readonly EntryCard[] = [
  {
    title: 'Building a site or app',
    to: `/getting-started/Guides/build-${brand.slug}-apps`,
    description: 'Brackets, profiles and leaderboards from the Data API, cached on your server.',
  },
  {
    title: 'Building a chat bot',
    to: '/getting-started/Guides/chat-bots',
    description: 'Read a room, answer questions and post within the limits of the Chat API.',
  },
  {
    title: 'Integrating as a partner',
    to: '/getting-started/category/partner-integration-guide',
    description: 'Account linkage, automatic reward delivery and customer-data platforms.',
  },
];

/** The first request, in the site's one environment convention (config/apis.ts), as every sample writes it. */
function quickStart(api: ResolvedApiSummary, path: string): string {
  const credential = api.environment?.credentialVariable ?? '';
  const baseUrl = api.environment?.baseUrlVariable ?? '';
  const kind = api.site ? credentials[api.site.credential].name : 'credential';
  // As the reference's curl samples write it: the default base URL a single-quoted word, taken as written.
  return [
    `export ${credential}=${shellQuoted(`<your ${kind}>`)}`,
    `base_url=\${${baseUrl}:-${shellQuoted(api.baseUrl)}}`,
    `curl --fail-with-body --header "Authorization: Bearer $${credential}" \\`,
    `  "$base_url"${shellQuoted(path)}`,
  ].join('\n');
}

export default function Home(): ReactNode {
  const { apis } = usePluginData('openapi-source') as OpenApiSourceData;
  // The first API of the registry with a quick start.
  const first = apis.find((api) => api.site?.quickStart);
  const start = first?.site?.quickStart;
  const credential = first?.site && credentials[first.site.credential];
  return (
    <Layout
      title="Home"
      description={`Guides and API references for building on the ${brand.name} competition platform.`}
    >
      {/* The hero is the page's own header, inside main: at the top level it would be a second banner landmark
          beside the announcement bar's. */}
      <main>
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
        <div className={styles.section}>
          <p className={styles.offers}>
            Third-party developers use the APIs to build tournament sites, companion apps, stream overlays and chat
            bots; partners use them to link accounts and deliver rewards. Choose where to begin:
          </p>
          <EntryCards cards={entryCards(apis)} />
          {first && start && credential && (
            <section className={styles.quickStart} aria-labelledby="quick-start">
              <Heading as="h2" id="quick-start">
                Quick start
              </Heading>
              <p>
                With {/^[aeiou]/i.test(credential.name) ? 'an' : 'a'}{' '}
                <Link to={credential.page}>{credential.name}</Link>, this {start.says}.{' '}
                <Link to="/getting-started/intro/start-here">Start here</Link> has the same request in Node.js and
                Python.
              </p>
              <CodeBlock language="bash">{quickStart(first, start.path)}</CodeBlock>
            </section>
          )}
          <section aria-labelledby="paths">
            <Heading as="h2" id="paths" className={styles.pathsTitle}>
              Paths for each audience
            </Heading>
            <EntryCards cards={audiences} />
          </section>
        </div>
      </main>
    </Layout>
  );
}

import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import ApiDownloads from '@site/src/components/ApiDownloads';

interface Props {
  title: string;
  description: string;
  overview: string;
  /** Id of the resolved OpenAPI document, for the download links. */
  api: string;
}

/**
 * The single-page reference routes exist from the start; their Redoc renderer arrives with the API reference work.
 * Until then the page says what it is and points to the overview, so no reader meets an empty page.
 */
export default function ApiReferencePlaceholder({ title, description, overview, api }: Props): ReactNode {
  return (
    <Layout title={title} description={description}>
      <main className="container margin-vert--lg">
        <Heading as="h1">{title}</Heading>
        <p>{description}</p>
        <p>
          Read the <Link to={overview}>overview</Link> for authentication, paging and errors.
        </p>
        <ApiDownloads api={api} />
      </main>
    </Layout>
  );
}

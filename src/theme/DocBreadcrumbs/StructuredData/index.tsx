import type { ReactNode } from 'react';
import Head from '@docusaurus/Head';
import { useBreadcrumbsStructuredData } from '@docusaurus/plugin-content-docs/client';
import type { Props } from '@theme/DocBreadcrumbs/StructuredData';
import { jsonForScript } from '@site/src/core/text/escape';

/**
 * The docs breadcrumbs' JSON-LD, as Docusaurus writes it but escaped for a script element. Docusaurus writes
 * `JSON.stringify(data)` into the script as is, so a page title holding `</script>` (an operation summary from a
 * remote document) would close the script and open its own.
 */
export default function DocBreadcrumbsStructuredData(props: Props): ReactNode {
  const structuredData = useBreadcrumbsStructuredData({ breadcrumbs: props.breadcrumbs });
  return (
    <Head>
      <script type="application/ld+json">{jsonForScript(structuredData)}</script>
    </Head>
  );
}

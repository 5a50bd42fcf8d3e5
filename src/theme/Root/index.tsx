import type { ReactNode } from 'react';
import Head from '@docusaurus/Head';
import { useLocation } from '@docusaurus/router';
import Root from '@theme-original/Root';
import type RootType from '@theme/Root';
import type { WrapperProps } from '@docusaurus/types';
import { isExported, twinPath } from '@site/src/lib/markdownTwin';

type Props = WrapperProps<typeof RootType>;

/** Every page names its Markdown twin (written after the build by src/plugins/llms-export) for tools that look. */
export default function RootWrapper(props: Props): ReactNode {
  const { pathname } = useLocation();
  return (
    <>
      {isExported(pathname) && (
        <Head>
          <link rel="alternate" type="text/markdown" href={twinPath(pathname)} />
        </Head>
      )}
      <Root {...props} />
    </>
  );
}

import type { ReactNode } from 'react';
import Head from '@docusaurus/Head';
import { useLocation } from '@docusaurus/router';
import Root from '@theme-original/Root';
import type RootType from '@theme/Root';
import type { WrapperProps } from '@docusaurus/types';
import { isExported, twinPath } from '@site/src/core/markdownTwin';

type Props = WrapperProps<typeof RootType>;

/**
 * Every page names its Markdown twin (written after the build by src/plugins/llms-export) for tools that look. The
 * site is dark only, and the server's markup says so: the theme's script sets `data-theme` as the page loads, and a
 * page read without JavaScript had none, so Infima's light-theme greys (inline code, table stripes) came out light
 * behind light text.
 */
export default function RootWrapper(props: Props): ReactNode {
  const { pathname } = useLocation();
  return (
    <>
      <Head>
        <html data-theme="dark" />
      </Head>
      {isExported(pathname) && (
        <Head>
          <link rel="alternate" type="text/markdown" href={twinPath(pathname)} />
        </Head>
      )}
      <Root {...props} />
    </>
  );
}

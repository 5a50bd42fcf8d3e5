import type { ReactNode } from 'react';
import Content from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type { WrapperProps } from '@docusaurus/types';
import PageMenu from '@site/src/components/PageMenu';

type Props = WrapperProps<typeof ContentType>;

/** Every docs page (guides, references, generated calls) gets the page menu for AI tools beside its title. */
export default function ContentWrapper(props: Props): ReactNode {
  return (
    <>
      <PageMenu />
      <Content {...props} />
    </>
  );
}

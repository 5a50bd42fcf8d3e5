import type { ReactNode } from 'react';
import PaginatorNavLink from '@theme-original/PaginatorNavLink';
import type PaginatorNavLinkType from '@theme/PaginatorNavLink';
import type { WrapperProps } from '@docusaurus/types';
import WordBreaks from '@site/src/components/WordBreaks';

type Props = WrapperProps<typeof PaginatorNavLinkType>;

/** The previous and next links' titles break between an identifier's words (`WordBreaks`), as the sidebar's do. */
export default function PaginatorNavLinkWrapper(props: Props): ReactNode {
  const { title } = props;
  return <PaginatorNavLink {...props} title={typeof title === 'string' ? <WordBreaks text={title} /> : title} />;
}

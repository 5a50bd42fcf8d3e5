import type { ReactNode } from 'react';
import Heading from '@theme-original/Heading';
import type HeadingType from '@theme/Heading';
import type { WrapperProps } from '@docusaurus/types';
import WordBreaks from '@site/src/components/WordBreaks';

type Props = WrapperProps<typeof HeadingType>;

/**
 * A page's title (the h1 Docusaurus renders from its front matter) may break between the words of an identifier
 * (`WordBreaks`): a schema's name, or an operation id standing in for a missing summary, would otherwise break
 * anywhere on a phone. Other headings and titles given as markup are left as they are.
 */
export default function HeadingWrapper(props: Props): ReactNode {
  const { as, children } = props;
  if (as !== 'h1' || typeof children !== 'string') return <Heading {...props} />;
  return (
    <Heading {...props}>
      <WordBreaks text={children} />
    </Heading>
  );
}

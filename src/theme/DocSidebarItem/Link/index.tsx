import type { ReactNode } from 'react';
import Link from '@theme-original/DocSidebarItem/Link';
import type LinkType from '@theme/DocSidebarItem/Link';
import type { WrapperProps } from '@docusaurus/types';
import WordBreaks from '@site/src/components/WordBreaks';
import { wordBreaks } from '@site/src/core/text/wordBreaks';

type Props = WrapperProps<typeof LinkType>;

/**
 * A sidebar link's label may break between the words of an identifier (`WordBreaks`): the sidebar is narrow, and a
 * schema's name broke anywhere in it (`ChampionshipPlaceme` / `nt`). The label stays one text to the reader.
 */
export default function LinkWrapper(props: Props): ReactNode {
  const { item } = props;
  if (wordBreaks(item.label).length < 2) return <Link {...props} />;
  // Docusaurus renders the label as the child of its span (and as the list item's key), so a node works where its
  // type says string; checked against Docusaurus 3.10.2.
  const label = (<WordBreaks text={item.label} />) as unknown as string;
  return <Link {...props} item={{ ...item, label }} />;
}

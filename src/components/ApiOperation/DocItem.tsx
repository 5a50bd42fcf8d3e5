import type { ReactNode } from 'react';
import { MDXProvider } from '@mdx-js/react';
import DocItem from '@theme/DocItem';
import type { Props } from '@theme/DocItem';
import { docContent } from './lightContent';
import { referencePageComponents } from './pageComponents';

/**
 * The `/docs` instance's page (its `docItemComponent`, config/docs.ts): Docusaurus's DocItem, with the reference
 * components provided. Rspack lays out every module a page's chunk reaches once per page before it splits chunks:
 * with each generated page importing the components, bundling 16 times the Data API took 4.0 GB, against 2.9 GB
 * with the components reached once, from this route component shared by the instance's pages. A generated call or
 * schema page comes as a JSON module rather than MDX (lightContent.tsx).
 */
export default function ReferenceDocItem(props: Props): ReactNode {
  return (
    <MDXProvider components={referencePageComponents}>
      <DocItem {...props} content={docContent(props.content)} />
    </MDXProvider>
  );
}

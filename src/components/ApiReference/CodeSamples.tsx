import type { ReactNode } from 'react';
import CodeBlock from '@theme/CodeBlock';
import TabItem from '@theme/TabItem';
import Tabs from '@theme/Tabs';
import type { CodeSample } from '@site/src/lib/openapi/samples';

/** Tabs share this group id on every page, and Docusaurus keeps the chosen one in local storage. */
export const sampleTabsGroupId = 'code-sample-language';

export default function CodeSamples({ samples }: { samples: CodeSample[] }): ReactNode {
  return (
    <Tabs groupId={sampleTabsGroupId}>
      {samples.map((sample) => (
        <TabItem key={sample.language} value={sample.language} label={sample.label}>
          <CodeBlock language={sample.prism}>{sample.code}</CodeBlock>
        </TabItem>
      ))}
    </Tabs>
  );
}

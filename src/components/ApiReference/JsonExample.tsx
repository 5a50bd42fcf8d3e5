import type { ReactNode } from 'react';
import CodeBlock from '@theme/CodeBlock';
import type { Json } from '@site/src/lib/openapi/document';

export default function JsonExample({ value, title }: { value: Json; title?: string }): ReactNode {
  return (
    <CodeBlock language="json" title={title}>
      {JSON.stringify(value, null, 2)}
    </CodeBlock>
  );
}

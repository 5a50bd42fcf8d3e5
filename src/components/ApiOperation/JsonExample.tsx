import type { ReactNode } from 'react';
import type { Json } from '@site/src/core/openapi/document';
import CollapsibleCode from './CollapsibleCode';

export default function JsonExample({ value, title }: { value: Json; title?: string }): ReactNode {
  return <CollapsibleCode code={JSON.stringify(value, null, 2)} language="json" title={title} />;
}

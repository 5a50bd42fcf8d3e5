import type { ReactNode } from 'react';
import ApiReferencePlaceholder from '@site/src/components/ApiReferencePlaceholder';

export default function DataApiReference(): ReactNode {
  return (
    <ApiReferencePlaceholder
      title="Data API reference"
      description="Every call of the Data API v4: read-only, authenticated with an API key."
      api="data-v4"
      overview="/docs/data-api/data"
    />
  );
}

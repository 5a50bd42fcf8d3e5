import type { ReactNode } from 'react';
import type { SentencePart } from '@site/src/core/openapi/security';

/** A sentence of text and code parts (src/core/openapi/security.ts), its names and values as code. */
export default function Sentence({ parts }: { parts: SentencePart[] }): ReactNode {
  return parts.map((part, index) =>
    typeof part === 'string' ? <span key={index}>{part}</span> : <code key={index}>{part.code}</code>,
  );
}

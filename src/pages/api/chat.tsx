import type { ReactNode } from 'react';
import ApiReferencePlaceholder from '@site/src/components/ApiReferencePlaceholder';

export default function ChatApiReference(): ReactNode {
  return (
    <ApiReferencePlaceholder
      title="Chat API reference"
      description="Every call of the Chat API v1: rooms and messages, authenticated with an OAuth2 access token."
      api="chat-v1"
      overview="/docs/chat-api/chat"
    />
  );
}

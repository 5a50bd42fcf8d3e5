import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import { parseBlocks, parseInline, type Inline } from '@site/src/lib/markdown/inline';

function renderInline(inlines: Inline[]): ReactNode[] {
  return inlines.map((inline, index) => {
    switch (inline.kind) {
      case 'text':
        return inline.text;
      case 'code':
        return <code key={index}>{inline.text}</code>;
      case 'strong':
        return <strong key={index}>{renderInline(inline.children)}</strong>;
      case 'em':
        return <em key={index}>{renderInline(inline.children)}</em>;
      case 'link':
        return (
          <Link key={index} to={inline.href}>
            {renderInline(inline.children)}
          </Link>
        );
    }
  });
}

/** A description from an OpenAPI document, rendered as text: see `src/lib/markdown/inline.ts`. */
export default function Markdown({ text, inline = false }: { text: string; inline?: boolean }): ReactNode {
  if (!text) return null;
  if (inline) return <>{renderInline(parseInline(text.replace(/\s+/g, ' ')))}</>;
  return (
    <>
      {parseBlocks(text).map((block, index) =>
        block.kind === 'paragraph' ? (
          <p key={index}>{renderInline(block.children)}</p>
        ) : (
          <ul key={index}>
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex}>{renderInline(item)}</li>
            ))}
          </ul>
        ),
      )}
    </>
  );
}

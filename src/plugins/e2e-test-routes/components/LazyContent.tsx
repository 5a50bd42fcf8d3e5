import type { ReactNode } from 'react';

export default function LazyContent(): ReactNode {
  return <p>Lazy content loaded</p>;
}

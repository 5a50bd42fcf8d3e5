import { resolveHref, type LinkTargets } from './links';
import type { MdNode } from './tree';

/** Where a node of the tree stands. */
export interface Place {
  targets: LinkTargets;
  /** Inside a link, where neither a link nor an image (shown as one) may open. */
  inLink: boolean;
}

/** The file an image's address names, for an image without alt text. */
function fileName(href: string): string {
  try {
    const url = new URL(href);
    const last = url.pathname.split('/').filter(Boolean).pop();
    return last ? decodeURIComponent(last) : url.host;
  } catch {
    return href;
  }
}

/** An image as the tree has it: a link to an http(s) address, or its alt text (or nothing) where it cannot be one. */
export function imageNode(src: string, alt: string, place: Place): MdNode | undefined {
  const href = resolveHref(src, place.targets);
  const text = alt.trim();
  if (href === undefined || !/^https?:/i.test(href)) return text || undefined;
  if (place.inLink) return text || fileName(href);
  return { t: 'img', href, alt: text || fileName(href) };
}

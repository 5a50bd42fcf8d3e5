import { brand } from '../../../config/brand';
import { renameInTree } from './lib';

/** Remark plugin: the guides' environment variables carry the configured brand's prefix (see lib.ts). */
export default function remarkEnvPrefix() {
  const prefix = `${brand.slug.toUpperCase()}_`;
  return (tree: unknown): void => renameInTree(tree, prefix);
}

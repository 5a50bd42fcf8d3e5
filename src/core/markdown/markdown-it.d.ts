// markdown-it's HTML block rule, which ./read.ts wraps; @types/markdown-it declares no module for it.
declare module 'markdown-it/lib/rules_block/html_block.mjs' {
  import type { RuleBlock } from 'markdown-it/lib/parser_block.mjs';

  const htmlBlock: RuleBlock;
  export default htmlBlock;
}

// prismjs's per-file entry points and its dependency resolver ship without types; @types/prismjs covers the main one.
declare module 'prismjs/components/prism-core' {
  import Prism from 'prismjs';
  export default Prism;
}

declare module 'prismjs/components' {
  const components: Record<string, unknown>;
  export default components;
}

declare module 'prismjs/dependencies' {
  interface Loader {
    getIds(): string[];
  }
  export default function getLoader(components: Record<string, unknown>, load: string[], loaded?: string[]): Loader;
}

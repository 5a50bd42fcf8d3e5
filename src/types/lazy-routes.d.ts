/** Served by the lazy-routes plugin's loader in the production client bundle (src/plugins/lazy-routes/index.ts). */
declare module '@generated/registry?sidebar-categories' {
  const loaders: unknown;
  export default loaders;
}

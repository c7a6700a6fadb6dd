/** A sidecar data file imported through esbuild's file loader: its path relative to the bundle. */
declare module '*.br' {
  const path: string;
  export default path;
}

/** A native addon imported through esbuild's file loader: its path relative to the bundle. */
declare module '*.node' {
  const path: string;
  export default path;
}

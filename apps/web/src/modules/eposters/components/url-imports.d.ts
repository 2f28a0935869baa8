/** Vite's `?url` imports (the app's tsconfig has no vite/client types): the asset's URL in the build. */
declare module '*?url' {
  const url: string;
  export default url;
}

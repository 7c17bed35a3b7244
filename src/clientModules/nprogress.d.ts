/** The part of nprogress 0.2 (no bundled types) that src/clientModules/progressBar.ts uses. */
declare module 'nprogress' {
  const nprogress: {
    configure(options: { template?: string; barSelector?: string; showSpinner?: boolean }): void;
    start(): void;
    done(): void;
  };
  export default nprogress;
}

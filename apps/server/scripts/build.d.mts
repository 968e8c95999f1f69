/** The server's own entry (src/main.ts) and output folder (dist). */
export declare const serverEntry: string;
export declare const serverDist: string;
/** The crawl's page reader thread, an entry of every server bundle (`<outdir>/page-reader.worker.js`). */
export declare const pageReaderWorkerEntry: string;
/** The fuzzy index build's helper thread, an entry of every server bundle (`<outdir>/fuzzy-build.worker.js`). */
export declare const fuzzyBuildWorkerEntry: string;
/** Bundles entry points the way the server is built into an emptied `outdir` (`<outdir>/<name>.js`, with the reader thread). */
export declare function bundleServer(options?: { entryPoints?: string[]; outdir?: string }): Promise<void>;

/** The server's own entry (src/main.ts) and output folder (dist). */
export declare const serverEntry: string;
export declare const serverDist: string;
/** Bundles entry points the way the server is built into an emptied `outdir` (`<outdir>/<name>.js`). */
export declare function bundleServer(options?: { entryPoints?: string[]; outdir?: string }): Promise<void>;

/** Output file of the bundle. */
export declare const snippetBundlePath: string;
/** Builds dist/bhasha.js and answers its path. */
export declare function buildSnippet(): Promise<string>;

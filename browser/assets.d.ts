/** Absolute path of the built browser runner and playground (dist/), for servers that serve them. */
export declare const ASSETS_DIR: string;

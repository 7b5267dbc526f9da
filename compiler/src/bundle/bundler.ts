// Owns the injectable bundler power: a version string (part of the cache key) and a build function with
// esbuild's signature. The default is esbuild itself; tests inject a spy to prove warm compiles skip it.

import * as esbuild from "esbuild";

export interface Bundler {
  /** Version that goes into every cache key (esbuild.version for the default bundler). */
  readonly version: string;
  build(options: esbuild.BuildOptions): Promise<esbuild.BuildResult>;
}

export const esbuildBundler: Bundler = {
  version: esbuild.version,
  build: (options) => esbuild.build(options),
};

export type { BuildOptions, BuildResult, Metafile, Message, Plugin } from "esbuild";

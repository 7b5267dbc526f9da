// Owns the one fact about the on-disk layout the compiler needs at run time: src/ (tests) and dist/
// (built) both sit directly under the package folder, next to package.json and schema/.

/** URL of the @capsule/compiler package folder (ends with "/"). */
export const PACKAGE_ROOT = new URL("../", import.meta.url);

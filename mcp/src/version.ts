// Owns the version this package reports to MCP peers (clientInfo and serverInfo); kept equal to package.json's.
// Refuses nothing.
export const PACKAGE_VERSION = "0.1.0";

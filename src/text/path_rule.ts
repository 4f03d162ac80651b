/**
 * How every input names a file, in one wording for the help, the skill, the docs and the MCP
 * instructions (what src/media/media_resolve.ts accepts).
 */
export const PATH_RULE = "a file path (absolute, relative to the current folder, or ~/…), a " +
  "file:// URL, or an http(s):// URL (downloaded)";

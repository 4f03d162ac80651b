/** The list of every command: the CLI, the MCP server, docs and the skill text read it. */
import type { AnyCommandSpec } from "./spec.ts";
import { draftCommands } from "./draft.ts";
import { configCommands } from "./config.ts";
import { mediaCommands } from "./media_groups.ts";
import { makeSetupCommands } from "./setup.ts";
import { makeMcpCommands } from "./mcp.ts";
import { validateCommands } from "./validate.ts";
import { keyframeCommands } from "./keyframes.ts";
import { transitionCommands } from "./transitions.ts";

/** Every command, in help order. `setup` and `mcp` read this list at run time. */
export const COMMANDS: readonly AnyCommandSpec[] = [
  ...draftCommands,
  ...validateCommands,
  ...mediaCommands,
  ...keyframeCommands,
  ...transitionCommands,
  ...configCommands,
  ...makeSetupCommands(() => COMMANDS),
  ...makeMcpCommands(() => COMMANDS),
];

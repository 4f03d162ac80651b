/** The list of every command: the CLI, the MCP server, docs and the skill text read it. */
import type { AnyCommandSpec } from "./spec.ts";
import { withRequestId } from "../ops/request_id.ts";
import { draftCommands } from "./draft.ts";
import { configCommands } from "./config.ts";
import { editorCommands } from "./editors.ts";
import { mediaCommands } from "./media_groups.ts";
import { videoCommands } from "./videos.ts";
import { effectCommands } from "./effects.ts";
import { stickerCommands } from "./stickers.ts";
import { maskCommands } from "./masks.ts";
import { makeSetupCommands } from "./setup.ts";
import { makeMcpCommands } from "./mcp.ts";
import { transferCommands } from "./transfer.ts";
import { draftEasyCommand } from "./easy.ts";
import { draftManageCommands } from "./draft_manage.ts";
import { queryCommands } from "./query.ts";
import { makeDocsCommands } from "./docs.ts";
import { validateCommands } from "./validate.ts";
import { keyframeCommands } from "./keyframes.ts";
import { transitionCommands } from "./transitions.ts";

/** Every command, in help order. `setup` and `mcp` read this list at run time. */
export const COMMANDS: readonly AnyCommandSpec[] = [
  ...draftCommands,
  draftEasyCommand,
  ...transferCommands,
  ...draftManageCommands,
  ...validateCommands,
  ...mediaCommands,
  ...videoCommands,
  ...keyframeCommands,
  ...transitionCommands,
  ...effectCommands,
  ...stickerCommands,
  ...maskCommands,
  ...configCommands,
  ...editorCommands,
  ...queryCommands,
].map(withIdempotency).concat([
  ...makeDocsCommands(() => COMMANDS),
  ...makeSetupCommands(() => COMMANDS),
  ...makeMcpCommands(() => COMMANDS),
]);

/** Add commands (`<group> add <draftId>`) take `--request-id`: a retry is a no-op. */
function withIdempotency(spec: AnyCommandSpec): AnyCommandSpec {
  return spec.name.at(-1) === "add" && spec.positionals?.[0] === "draftId"
    ? withRequestId(spec)
    : spec;
}

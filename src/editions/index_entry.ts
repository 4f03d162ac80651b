/**
 * How the editors write an entry of their draft index (`root_meta_info.json`, reference §1.4):
 * its keys and default values, and the path style per OS. For store/root_index.ts.
 */
import type { OsName } from "./os.ts";
import type { Json } from "./profiles.ts";

/**
 * Keys and default values of an entry of the editor's draft index (`root_meta_info.json`
 * `all_draft_store[]`), as CapCut writes them (reference §1.4). When the index already has
 * entries, keys they carry that are missing here are added with blank values of the same type.
 */
export const ROOT_INDEX_ENTRY_DEFAULTS: Readonly<Json> = {
  cloud_draft_cover: false,
  cloud_draft_sync: false,
  draft_cloud_last_action_download: false,
  draft_cloud_purchase_info: "",
  draft_cloud_template_id: "",
  draft_cloud_tutorial_info: "",
  draft_cloud_videocut_purchase_info: "",
  draft_cover: "",
  draft_fold_path: "",
  draft_id: "",
  draft_is_ai_shorts: false,
  draft_is_cloud_temp_draft: false,
  draft_is_invisible: false,
  draft_is_web_article_video: false,
  draft_json_file: "",
  draft_name: "",
  draft_new_version: "",
  draft_root_path: "",
  draft_timeline_materials_size: 0,
  draft_type: "",
  draft_web_article_video_enter_from: "",
  streaming_edit_draft_ready: true,
  tm_draft_cloud_completed: "",
  tm_draft_cloud_entry_id: -1,
  tm_draft_cloud_modified: 0,
  tm_draft_cloud_parent_entry_id: -1,
  tm_draft_cloud_space_id: -1,
  tm_draft_cloud_user_id: -1,
  tm_draft_create: 0,
  tm_draft_modified: 0,
  tm_draft_removed: 0,
  tm_duration: 0,
};

/**
 * Paths as the editor writes them into its draft index on an OS: on Windows folders use `/` and
 * the file name follows a single `\` ("C:/…/com.lveditor.draft/My draft\\draft_content.json");
 * elsewhere plain POSIX paths.
 */
export function indexPathStyle(os: OsName): {
  folder(path: string): string;
  file(folder: string, name: string): string;
} {
  const folder = (p: string) => (os === "windows" ? p.replaceAll("\\", "/") : p);
  return {
    folder,
    file: (dir, name) => `${folder(dir)}${os === "windows" ? "\\" : "/"}${name}`,
  };
}

/** Checks of text contents (JSON, style ranges) and of catalog resource ids per edition. */
import { findByResourceId } from "../../catalogs/catalog.ts";
import type { CatalogKind } from "../../catalogs/catalog.ts";
import type { Edition } from "../../editions/profiles.ts";
import type {
  AnimationsMaterial,
  TextContentJson,
  TextMaterial,
  TextStyleEntry,
} from "../model.ts";
import { type Context, materialLists } from "./check_context.ts";

/** See the module doc. */
export function checkText(c: Context, m: TextMaterial, mp: string): void {
  const content = m.content;
  // Old drafts (CapCut 2.x, pre-2021) store markup or plain text; only JSON content has ranges.
  if (typeof content !== "string" || !content.trimStart().startsWith("{")) return;
  let parsed: TextContentJson;
  try {
    parsed = JSON.parse(content);
  } catch (err) {
    c.out.add(
      "text_content_invalid",
      `text ${m.id}: content is not valid JSON (${err})`,
      `${mp}.content`,
    );
    return;
  }
  const text = typeof parsed.text === "string" ? parsed.text : "";
  const styles = Array.isArray(parsed.styles) ? parsed.styles : [];
  styles.forEach((st, i) => {
    const r = st.range;
    if (!Array.isArray(r) || r.length !== 2) return;
    const [a, b] = r;
    if (!(a >= 0 && b >= a && b <= text.length)) {
      c.out.add(
        "text_range_out_of_text",
        `text ${m.id}: style range [${a}, ${b}) is outside the text (${text.length} UTF-16 units)`,
        `${mp}.content.styles[${i}].range`,
      );
    }
  });
}

// ---------------------------------------------------------------------------------------------
// catalog resource ids

const OTHER: Record<Edition, Edition> = { jianying: "capcut", capcut: "jianying" };

function checkResource(
  c: Context,
  kind: CatalogKind,
  id: unknown,
  what: string,
  path: string,
): void {
  if (typeof id !== "string" || id === "" || id === "0") return;
  c.stats.catalogIds++;
  const edition = c.doc.edition;
  if (findByResourceId(edition, kind, id)) return;
  const other = findByResourceId(OTHER[edition], kind, id);
  if (other) {
    c.out.add(
      "other_edition_resource",
      `${what} ${id} is a ${
        OTHER[edition]
      } ${kind} id ('${other.name}'), not a ${edition} one: the editor drops it`,
      path,
    );
  } else {
    c.out.add(
      "unknown_resource",
      `${what} ${id} is not in draftcli's ${edition} ${kind} catalog (fine if the editor put it there)`,
      path,
    );
  }
}

const VIDEO_ANIM: Record<string, CatalogKind> = {
  in: "video_intro",
  out: "video_outro",
  group: "video_group",
};
const TEXT_ANIM: Record<string, CatalogKind> = {
  in: "text_intro",
  out: "text_outro",
  loop: "text_loop",
};

/** See the module doc. */
export function checkCatalogIds(c: Context): void {
  const { doc } = c;
  for (const [list, items] of materialLists(doc)) {
    items.forEach((m, i) => {
      const mp = `materials.${list}[${i}]`;
      switch (list) {
        case "material_animations": {
          const owner = c.owner.get(m.id as string);
          const ownerList = owner ? c.materials.get(owner.segment.material_id)?.list : undefined;
          const table = ownerList === "videos"
            ? VIDEO_ANIM
            : ownerList === "texts"
            ? TEXT_ANIM
            : undefined;
          if (!table) return; // stickers and unused containers: no catalog
          ((m as AnimationsMaterial).animations ?? []).forEach((a, ai) => {
            const kind = table[String(a.type)];
            if (kind) {
              checkResource(
                c,
                kind,
                a.resource_id,
                `${a.type} animation`,
                `${mp}.animations[${ai}].resource_id`,
              );
            }
          });
          return;
        }
        case "transitions":
          return checkResource(c, "transitions", m.resource_id, "transition", `${mp}.resource_id`);
        case "video_effects":
          return checkResource(
            c,
            "video_effects",
            m.resource_id,
            "video effect",
            `${mp}.resource_id`,
          );
        case "effects":
          if (m.type === "filter") {
            return checkResource(c, "filters", m.resource_id, "filter", `${mp}.resource_id`);
          }
          if (m.type === "mix_mode" && doc.edition === "jianying") {
            return checkResource(c, "mix_modes", m.resource_id, "mix mode", `${mp}.resource_id`);
          }
          return;
        case "masks":
        case "common_mask":
          return checkResource(c, "masks", m.resource_id, "mask", `${mp}.resource_id`);
        case "audio_effects":
          return checkResource(
            c,
            "audio_effects",
            m.resource_id,
            "audio effect",
            `${mp}.resource_id`,
          );
        case "texts":
          checkResource(c, "fonts", m.font_resource_id, "font", `${mp}.font_resource_id`);
          return checkStyleFonts(c, m, mp);
      }
    });
  }
}

function checkStyleFonts(c: Context, m: TextMaterial, mp: string): void {
  if (typeof m.content !== "string" || !m.content.trimStart().startsWith("{")) return;
  let styles: TextStyleEntry[] = [];
  try {
    const parsed: TextContentJson = JSON.parse(m.content);
    styles = parsed.styles ?? [];
  } catch {
    return; // reported by checkText
  }
  const seen = new Set<string>([String(m.font_resource_id ?? "")]);
  styles.forEach((st, i) => {
    const id = st.font?.id;
    if (typeof id !== "string" || seen.has(id)) return;
    seen.add(id);
    checkResource(c, "fonts", id, "font", `${mp}.content.styles[${i}].font.id`);
  });
}

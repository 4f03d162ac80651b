/** Checks of ids and references: unique ids, segment → material, local_material_id → meta. */
import type { Material } from "../model.ts";
import { type Context, listOf, materialLists } from "./check_context.ts";

/** See the module doc. */
export function checkIds(c: Context): void {
  const seen = new Map<string, { path: string; item?: Material }>();
  const note = (id: unknown, path: string, required: boolean, item?: Material) => {
    if (typeof id !== "string" || id === "") {
      if (required) c.out.add("missing_id", `${path} has no id`, path);
      return;
    }
    const first = seen.get(id);
    if (!first) seen.set(id, { path, item });
    else if (isTextEffect(first.item) && isTextEffect(item)) {
      c.out.add(
        "shared_text_effect_id",
        `text_effect id ${id} is used by ${first.path} and ${path}`,
        path,
      );
    } else c.out.add("duplicate_id", `id ${id} is used by ${first.path} and ${path}`, path);
  };
  c.doc.tracks.forEach((t, ti) => {
    note(t.id, `tracks[${ti}]`, true);
    (t.segments ?? []).forEach((s, si) => {
      const sp = `tracks[${ti}].segments[${si}]`;
      note(s.id, sp, true);
      const kfs = Array.isArray(s.common_keyframes) ? s.common_keyframes : [];
      kfs.forEach((k, ki) => {
        note(k.id, `${sp}.common_keyframes[${ki}]`, false);
        const list = Array.isArray(k.keyframe_list) ? k.keyframe_list : [];
        list.forEach((kf, i) =>
          note(kf.id, `${sp}.common_keyframes[${ki}].keyframe_list[${i}]`, false)
        );
      });
    });
  });
  for (const [list, items] of materialLists(c.doc)) {
    items.forEach((m, i) => {
      const path = `materials.${list}[${i}]`;
      note(m?.id, path, true, m);
      if (typeof m?.id === "string" && m.id && !c.materials.has(m.id)) {
        c.materials.set(m.id, { list, index: i, material: m });
      }
    });
  }
}

/** A flower-text effect material: JianYing writes two of these with one id for one text. */
function isTextEffect(m: Material | undefined): boolean {
  return m?.type === "text_effect";
}

/** See the module doc. */
export function checkReferences(c: Context): void {
  c.doc.tracks.forEach((t, ti) => {
    (t.segments ?? []).forEach((s, si) => {
      const sp = `tracks[${ti}].segments[${si}]`;
      c.stats.references++;
      if (!c.materials.has(s.material_id)) {
        c.out.add(
          "dangling_material_id",
          `segment ${s.id} (${t.type} track ${ti}) uses material ${s.material_id}, which is in no materials list`,
          `${sp}.material_id`,
        );
      }
      c.referenced.add(s.material_id);
      if (!c.owner.has(s.material_id)) c.owner.set(s.material_id, { track: t, segment: s });
      const refs = Array.isArray(s.extra_material_refs) ? s.extra_material_refs : [];
      refs.forEach((id, ri) => {
        c.stats.references++;
        c.referenced.add(id);
        if (!c.owner.has(id)) c.owner.set(id, { track: t, segment: s });
        if (!c.materials.has(id)) {
          c.out.add(
            "dangling_extra_ref",
            `segment ${s.id} refers to material ${id}, which is in no materials list`,
            `${sp}.extra_material_refs[${ri}]`,
          );
        }
      });
      const kfs = Array.isArray(s.common_keyframes) ? s.common_keyframes : [];
      for (const k of kfs) if (typeof k.material_id === "string") c.referenced.add(k.material_id);
    });
  });
  // Materials that point at other materials (text templates hold their texts).
  for (const { material } of c.materials.values()) {
    const infos = material.text_info_resources;
    if (Array.isArray(infos)) {
      for (const r of infos) c.referenced.add(String(r.text_material_id ?? ""));
    }
  }
  for (const [id, { list, index }] of c.materials) {
    if (!c.referenced.has(id)) {
      c.out.add(
        "unreferenced_material",
        `${list} material ${id} is not used by any segment`,
        `materials.${list}[${index}]`,
      );
    }
  }
  // local_material_id → draft_meta_info.json draft_materials (reference §6, §8).
  const groups = c.doc.meta.draft_materials;
  if (!Array.isArray(groups)) return;
  const registered = new Set<string>();
  for (const g of groups) {
    for (const v of Array.isArray(g?.value) ? g.value : []) {
      if (typeof v?.id === "string") registered.add(v.id);
    }
  }
  for (const list of ["videos", "audios"]) {
    listOf(c.doc, list).forEach((m, i) => {
      const local = m.local_material_id;
      if (typeof local !== "string" || local === "") return;
      c.stats.references++;
      if (!registered.has(local)) {
        c.out.add(
          "dangling_local_material",
          `${list} material ${m.id} has local_material_id ${local}, which draft_meta_info.json does not register`,
          `materials.${list}[${i}].local_material_id`,
        );
      }
    });
  }
}

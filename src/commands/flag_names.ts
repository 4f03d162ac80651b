/** How command inputs are spelled: camelCase keys in JSON and MCP, kebab-case flags on the CLI. */

/** camelCase → kebab-case (`imageInfos` → `image-infos`). */
export function toKebab(name: string): string {
  return name.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase());
}

/** kebab-case → camelCase (`image-infos` → `imageInfos`). */
export function toCamel(flag: string): string {
  return flag.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/**
 * A command's name as one identifier: the camelCase of its words
 * (`captions add` → `captionsAdd`, `query audio-duration` → `queryAudioDuration`).
 */
export function handlerName(words: readonly string[]): string {
  return words.map((w, i) => {
    const camel = toCamel(w);
    return i === 0 ? camel : camel.charAt(0).toUpperCase() + camel.slice(1);
  }).join("");
}

/** Id formats the editors write (reference §8). */

/** A new editor-style id: uppercase UUID with hyphens. */
export function newId(): string {
  return crypto.randomUUID().toUpperCase();
}

/** A new lowercase UUID, the form of `local_material_id` and media-pool ids. */
export function newLocalId(): string {
  return crypto.randomUUID();
}

/** Does the string look like a draft id we create (a UUID, any case)? */
export function isUuid(s: string): boolean {
  return /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/.test(s);
}

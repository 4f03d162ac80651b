/** Size and entry caps on draft zips (made, downloaded and imported). */

/** Default cap on a zip's uncompressed size (and on a downloaded zip): 2 GiB. */
export const DEFAULT_MAX_ZIP_BYTES = 2 * 1024 ** 3;

/** Most entries an imported zip may have. */
export const MAX_ZIP_ENTRIES = 20_000;

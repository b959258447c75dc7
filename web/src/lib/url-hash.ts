// The one rule for "the URL names this part of the page": the fragment, decoded, is the id of
// a panel, a tab or an accordion item (SPEC §2.1: tabs and accordion items open when the hash
// names them). The product tabs, the content tabs and the accordion all ask through here.

/** The id the URL's fragment names ("" for none, or one that is not valid percent-encoding). */
export function hashId(url: URL): string {
  try {
    return decodeURIComponent(url.hash.slice(1));
  } catch {
    return '';
  }
}

/** The index of the id in `ids` that the URL's fragment names, or -1. */
export function indexNamedByHash(ids: readonly string[], url: URL): number {
  const id = hashId(url);
  return id === '' ? -1 : ids.indexOf(id);
}

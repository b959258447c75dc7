/**
 * Text with its HTML character references decoded (`&ldquo;` → “, `&quot;` → "), for server
 * strings written for HTML (Store API messages, button descriptions) shown as plain text.
 * Tags stay as they are: the text is parsed as a textarea's content, never as markup.
 */
export function decodeEntities(text: string, doc: Document = document): string {
  const area = doc.createElement('textarea');
  area.innerHTML = text;
  return area.value;
}

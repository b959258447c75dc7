-- Reviews hold the text the shopper typed (security review F10); pages and the Store API
-- escape it once when they show it. Reviews posted through the product page before this were
-- stored as the HTML that `text_to_html` made of the text: one `<p>…</p>` and a newline per
-- paragraph, `<br>` and a newline between lines, `& < > " '` as entities. This turns them back
-- into that text, exactly: `&amp;` is decoded last, as it was encoded first. Plain-text
-- reviews (the demo's) do not have that shape and are left as they are.
update reviews
set content = replace(replace(replace(replace(replace(replace(replace(
        substr(content, 4, length(content) - 8),
        '</p>' || chr(10) || '<p>', chr(10) || chr(10)),
        '<br>' || chr(10), chr(10)),
        '&lt;', '<'),
        '&gt;', '>'),
        '&quot;', '"'),
        '&#039;', ''''),
        '&amp;', '&'),
    updated_at = cast(extract(epoch from now()) as bigint)
where left(content, 3) = '<p>'
  and right(content, 5) = '</p>' || chr(10);

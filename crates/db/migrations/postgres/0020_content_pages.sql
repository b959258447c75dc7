-- Content pages (privacy policy, terms, about, ...): the source the merchant wrote and the
-- sanitised HTML made from it when it was saved (issue 14).
create table content_pages (
    slug text not null primary key,       -- the page is at /{slug}/
    title text not null,
    description text not null default '', -- the meta description
    format text not null,                 -- markdown or html
    source text not null,
    html text not null,
    created_at integer not null,
    updated_at integer not null
);

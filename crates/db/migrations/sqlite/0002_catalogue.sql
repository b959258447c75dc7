-- The catalogue. Each product and variation is one row: the full record as JSON in `data`
-- (what the rules in core read), plus the columns that queries filter, sort and lock on.
-- Stock columns are the truth for stock: checkout updates them conditionally, and readers
-- patch them into the record.

create table products (
    id integer primary key,
    parent_id integer references products (id) on delete cascade, -- variations: their variable product
    kind text not null,                  -- simple, variable, grouped, external, variation
    status text not null,                -- publish, draft, private, pending
    visibility text not null,            -- visible, catalog, search, hidden
    slug text not null,
    sku text,                            -- null when the product has none
    name text not null,
    featured integer not null default 0,
    menu_order integer not null default 0,
    price integer,                       -- current price in minor units; variable: lowest variation
    price_max integer,                   -- variable: highest variation price; otherwise = price
    on_sale integer not null default 0,
    stock_managed integer not null default 0,
    stock_quantity integer,              -- null when not managed
    stock_status text not null,          -- instock, outofstock, onbackorder
    backorders text not null default 'no',
    average_rating integer not null default 0, -- hundredths of a star (450 = 4.5)
    review_count integer not null default 0,
    total_sales integer not null default 0,
    search_text text not null default '', -- lower-cased name, SKU and plain-text descriptions
    data text not null,                  -- the Product or Variation record, JSON
    created_at integer not null,
    updated_at integer not null
);
create unique index products_slug on products (slug) where parent_id is null;
create unique index products_sku on products (sku) where sku is not null;
create index products_parent on products (parent_id);
create index products_listing on products (status, visibility, menu_order, name) where parent_id is null;

create table categories (
    id integer primary key,
    parent_id integer references categories (id) on delete set null,
    name text not null,
    slug text not null,
    description text not null default '',
    image text,                          -- JSON image, null when none
    menu_order integer not null default 0,
    created_at integer not null,
    updated_at integer not null,
    constraint categories_slug unique (slug)
);

create table tags (
    id integer primary key,
    name text not null,
    slug text not null,
    description text not null default '',
    created_at integer not null,
    updated_at integer not null,
    constraint tags_slug unique (slug)
);

-- Global attributes (`pa_color`), and their terms with optional swatch colour and image.
create table attributes (
    id integer primary key,
    name text not null,
    slug text not null,                  -- without the pa_ prefix
    kind text not null default 'select', -- select, color
    order_by text not null default 'menu_order',
    has_archives integer not null default 0,
    created_at integer not null,
    updated_at integer not null,
    constraint attributes_slug unique (slug)
);

create table attribute_terms (
    id integer primary key,
    attribute_id integer not null references attributes (id) on delete cascade,
    name text not null,
    slug text not null,
    description text not null default '',
    menu_order integer not null default 0,
    swatch_color text,                   -- #rrggbb
    image text,                          -- JSON image
    created_at integer not null,
    updated_at integer not null,
    constraint attribute_terms_slug unique (attribute_id, slug)
);

create table product_categories (
    product_id integer not null references products (id) on delete cascade,
    category_id integer not null references categories (id) on delete cascade,
    primary key (product_id, category_id)
);
create index product_categories_category on product_categories (category_id);

create table product_tags (
    product_id integer not null references products (id) on delete cascade,
    tag_id integer not null references tags (id) on delete cascade,
    primary key (product_id, tag_id)
);
create index product_tags_tag on product_tags (tag_id);

-- Which global attribute terms a product offers (for a variable product: every term of its
-- attributes), for layered filtering (`filter_color=blue`) and term counts.
create table product_terms (
    product_id integer not null references products (id) on delete cascade,
    term_id integer not null references attribute_terms (id) on delete cascade,
    attribute_id integer not null references attributes (id) on delete cascade,
    primary key (product_id, term_id)
);
create index product_terms_term on product_terms (term_id);

create table reviews (
    id integer primary key,
    product_id integer not null references products (id) on delete cascade,
    rating integer not null,
    author_name text not null,
    author_email text not null default '',
    content text not null,
    verified_owner integer not null default 0,
    status text not null default 'approved', -- approved, held, spam
    created_at integer not null,
    updated_at integer not null,
    constraint reviews_rating check (rating between 1 and 5)
);
create index reviews_product on reviews (product_id, status, created_at);

-- Uploaded files (product images), in the database so every process can serve them.
create table media (
    id integer primary key,
    path text not null,                  -- the URL path below /media/
    content_type text not null,
    bytes blob not null,
    created_at integer not null,
    updated_at integer not null,
    constraint media_path unique (path)
);

-- Bumped on every catalogue write; processes cache catalogue reads per version.
insert into options (name, value, created_at, updated_at) values ('catalogue_version', '1', 0, 0);

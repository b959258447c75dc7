-- Download permissions (issue 13): one row per paid order, product (or variation) and file.
-- The customer downloads through /download/{download_key}/, a random key of 128 bits that is
-- the only name the file has outside the server. The file's name and address are copied at
-- the grant, so a later edit of the product changes nothing that was sold.
create table download_permissions (
    id integer primary key,
    download_key text not null,          -- 32 hex characters, random
    order_id integer not null references orders (id) on delete cascade,
    product_id integer not null,          -- the product or variation bought
    download_id text not null,           -- the file's id in the product (or a hash of its URL)
    product_name text not null,
    file_name text not null,
    file_url text not null,              -- https://... or a path under the downloads directory
    user_id integer,                      -- the owner, null for a guest order
    email text not null default '',      -- the order's billing email
    downloads_remaining integer,          -- null: unlimited
    access_expires integer,               -- unix seconds, null: never
    download_count integer not null default 0,
    last_download_at integer,
    created_at integer not null,
    updated_at integer not null,
    constraint download_permissions_key unique (download_key),
    constraint download_permissions_file unique (order_id, product_id, download_id)
);
create index download_permissions_user on download_permissions (user_id, created_at);

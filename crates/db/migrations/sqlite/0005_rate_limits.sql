-- Rate limit windows (checkout): one row per client, counted by one upsert so that every
-- process serving the shop shares the same counts.
create table rate_limits (
    key text primary key,                -- what is limited and for whom: checkout:user:42, checkout:ip:203.0.113.9
    window_ends_at integer not null,     -- unix seconds; a request at or after it opens a new window
    hits integer not null,               -- requests in the window, refused ones included
    created_at integer not null,
    updated_at integer not null
);
create index rate_limits_window_ends_at on rate_limits (window_ends_at);

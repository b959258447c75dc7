-- Foundation: migrations bookkeeping lives in the runner; this creates what every feature uses.

-- Browser sessions. Any process can serve any request, so sessions live here, not in memory.
create table sessions (
    id text primary key,                 -- 32 hex chars: 128 random bits
    user_id integer,                     -- null for guests
    data text not null default '{}',     -- JSON object owned by the features (cart key, notices, ...)
    created_at integer not null,         -- unix seconds
    updated_at integer not null,
    expires_at integer not null
);
create index sessions_expires_at on sessions (expires_at);

-- Shop settings as named JSON values (store notice, currency, pages, ...).
create table options (
    name text primary key,
    value text not null,                 -- JSON
    created_at integer not null,
    updated_at integer not null
);

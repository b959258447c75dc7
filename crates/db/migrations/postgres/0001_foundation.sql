-- Foundation: migrations bookkeeping lives in the runner; this creates what every feature uses.

-- Browser sessions. Any process can serve any request, so sessions live here, not in memory.
create table sessions (
    id text primary key,                 -- 32 hex chars: 128 random bits
    user_id bigint,                     -- null for guests
    data text not null default '{}',     -- JSON object owned by the features (cart key, notices, ...)
    created_at bigint not null,         -- unix seconds
    updated_at bigint not null,
    expires_at bigint not null
);
create index sessions_expires_at on sessions (expires_at);

-- Shop settings as named JSON values (store notice, currency, pages, ...).
create table options (
    name text primary key,
    value text not null,                 -- JSON
    created_at bigint not null,
    updated_at bigint not null
);

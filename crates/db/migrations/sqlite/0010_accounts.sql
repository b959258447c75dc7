-- Accounts customers use themselves (issue 13): a login name besides the email address, the
-- names the account details page edits, and where a customer who registered came from.
alter table users add column username text;          -- folded to lower case; null: log in by email
alter table users add column first_name text not null default '';
alter table users add column last_name text not null default '';
alter table users add column attribution text not null default '{}'; -- order attribution at registration, JSON
create unique index users_username on users (username);

-- Password reset links: single use, expiring, bound to one account. Only a hash of the
-- link's token is kept, so a copy of the database opens no account.
create table password_resets (
    token_hash text not null,            -- SHA-256 of the token, hex
    user_id integer not null references users (id) on delete cascade,
    expires_at integer not null,           -- unix seconds
    used_at integer,                       -- set when the link changed the password
    created_at integer not null,
    updated_at integer not null,
    constraint password_resets_token unique (token_hash)
);
create index password_resets_user on password_resets (user_id);

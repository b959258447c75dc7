-- Carts. A guest's cart is keyed by a random `t_...` key kept in the session (or named by a
-- Cart-Token); a customer's cart by their user id, so it follows them across devices.
create table carts (
    key text primary key,                -- t_<30 hex> for guests, the user id for customers
    user_id integer,                     -- null for guests
    data text not null,                  -- items, coupons, addresses, chosen rates, extension data (JSON)
    revision integer not null default 0, -- bumped by every write: concurrent writers detect each other
    created_at integer not null,
    updated_at integer not null,
    expires_at integer not null
);
create index carts_expires_at on carts (expires_at);
create index carts_user on carts (user_id) where user_id is not null;

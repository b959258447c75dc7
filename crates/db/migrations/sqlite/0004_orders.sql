-- Orders, customers, saved cards, stock reservations and background jobs.

-- Customer accounts (shop staff too, by role).
create table users (
    id integer primary key,
    email text not null,
    password_hash text not null,         -- argon2 PHC string
    display_name text not null default '',
    role text not null default 'customer', -- customer, shop_manager, administrator
    billing text not null default '{}',  -- the saved billing address, JSON
    shipping text not null default '{}', -- the saved shipping address, JSON
    created_at integer not null,
    updated_at integer not null,
    constraint users_email unique (email)
);

-- One row per order; the full record (lines, addresses, totals) as JSON in `data`, and the
-- columns that lists, lookups and reports need.
create table orders (
    id integer primary key,
    order_key text not null,
    status text not null,                -- pending, processing, on-hold, completed, cancelled, refunded, failed, checkout-draft
    customer_id integer,                 -- users.id, null for guests
    cart_key text,                       -- the cart a checkout draft was made from
    billing_email text not null default '',
    currency text not null,
    total integer not null,              -- minor units
    payment_method text not null default '',
    created_via text not null,
    data text not null,
    paid_at integer,
    created_at integer not null,
    updated_at integer not null,
    constraint orders_key unique (order_key)
);
create index orders_customer on orders (customer_id, created_at);
create index orders_status on orders (status, updated_at);
create unique index orders_draft_cart on orders (cart_key) where status = 'checkout-draft';

-- Coupon use by order, for usage limits overall and per customer (by email or user).
create table coupon_uses (
    order_id integer not null references orders (id) on delete cascade,
    code text not null,                  -- lower case
    email text not null default '',
    user_id integer,
    created_at integer not null,
    primary key (order_id, code)
);
create index coupon_uses_code on coupon_uses (code, email);

-- Stock held by checkout drafts until they are placed or expire.
create table stock_holds (
    order_id integer not null references orders (id) on delete cascade,
    product_id integer not null references products (id) on delete cascade,
    quantity integer not null,
    expires_at integer not null,
    primary key (order_id, product_id)
);
create index stock_holds_product on stock_holds (product_id, expires_at);

-- Saved payment cards (tokens; never card numbers).
create table payment_tokens (
    id integer primary key,
    user_id integer not null references users (id) on delete cascade,
    gateway text not null,
    token text not null,
    last4 text not null,
    brand text not null,
    expiry_month integer not null,
    expiry_year integer not null,
    is_default integer not null default 0,
    created_at integer not null,
    updated_at integer not null
);
create index payment_tokens_user on payment_tokens (user_id);

-- Background work (emails, expiring drafts), claimed by one process at a time.
create table jobs (
    id integer primary key,
    kind text not null,                  -- send_email, release_expired_holds, ...
    payload text not null default '{}',  -- JSON
    run_at integer not null,             -- not before
    attempts integer not null default 0,
    locked_until integer,                -- a claim lapses at this time (a crashed worker)
    last_error text,
    created_at integer not null,
    updated_at integer not null
);
create index jobs_due on jobs (run_at);

-- Coupons: the rules as JSON (core's pricing::Coupon), the use count as a column so that
-- placing an order can count a use with a conditional update.
create table coupons (
    id integer primary key,
    code text not null,                  -- lower case
    data text not null,
    usage_count integer not null default 0,
    created_at integer not null,
    updated_at integer not null,
    constraint coupons_code unique (code)
);

-- Who holds stock: the client (checkout:user:42, checkout:ip:203.0.113.9) whose checkout draft
-- made the hold, so one client cannot keep the last units of a product off sale from many
-- carts at once ("" for holds made before this was recorded).
alter table stock_holds add column holder text not null default '';
create index stock_holds_holder on stock_holds (holder, expires_at);

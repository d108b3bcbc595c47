-- The shop's view of its suppliers' products, by name (README "Paging and search"): the shop's suppliers are many
-- keys, so the walk is in name order over every price list, keeping the shop's suppliers' rows.
CREATE INDEX "products_name_idx" ON "products" USING btree ("name" DESC NULLS LAST,"id" DESC NULLS LAST);
DROP INDEX "properties_search_document_idx";--> statement-breakpoint
CREATE INDEX "properties_search_document_sales_idx" ON "properties" USING gin ("search_document") WHERE "properties"."transaction_type_id" = 1;--> statement-breakpoint
CREATE INDEX "properties_search_document_lettings_idx" ON "properties" USING gin ("search_document") WHERE "properties"."transaction_type_id" = 2;
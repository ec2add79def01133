-- Pickup runs (docs/runs.md): a driver's ordered stops for a date. A stop is one
-- place (a clinic, or a family's address); each pickup request on the run is an item of its stop.
-- A request is on one run at most: pickup_run_items_request_key decides between two dispatchers.

CREATE TABLE "pickup_runs" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid(),
  "run_date" DATE NOT NULL,
  "driver_id" UUID NOT NULL,
  "vehicle" TEXT NOT NULL,
  "note" TEXT,
  "uuid" UUID NOT NULL,
  "created_by_id" UUID NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at" TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "pickup_runs_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "pickup_runs_vehicle" CHECK (btrim("vehicle") <> '')
);
CREATE UNIQUE INDEX "pickup_runs_uuid_key" ON "pickup_runs"("uuid");
CREATE INDEX "pickup_runs_run_date_idx" ON "pickup_runs"("run_date");
CREATE INDEX "pickup_runs_driver_id_run_date_idx" ON "pickup_runs"("driver_id", "run_date");
ALTER TABLE "pickup_runs" ADD CONSTRAINT "pickup_runs_driver_id_fkey" FOREIGN KEY ("driver_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "pickup_runs" ADD CONSTRAINT "pickup_runs_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE TABLE "pickup_run_stops" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid(),
  "run_id" UUID NOT NULL,
  "position" INTEGER NOT NULL,
  -- The place: "clinic:<vendor id>" or "home:<normalized address>"; one stop per place on a run.
  "place_key" TEXT NOT NULL,
  "clinic_vendor_id" UUID,
  "address" TEXT NOT NULL,
  "postcode" TEXT,
  "latitude" DECIMAL(9,6),
  "longitude" DECIMAL(9,6),
  CONSTRAINT "pickup_run_stops_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "pickup_run_stops_position_positive" CHECK ("position" >= 1)
);
CREATE UNIQUE INDEX "pickup_run_stops_run_id_place_key_key" ON "pickup_run_stops"("run_id", "place_key");
CREATE INDEX "pickup_run_stops_run_id_position_idx" ON "pickup_run_stops"("run_id", "position");
ALTER TABLE "pickup_run_stops" ADD CONSTRAINT "pickup_run_stops_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "pickup_runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "pickup_run_stops" ADD CONSTRAINT "pickup_run_stops_clinic_vendor_id_fkey" FOREIGN KEY ("clinic_vendor_id") REFERENCES "vendors"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE TABLE "pickup_run_items" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid(),
  "run_id" UUID NOT NULL,
  "stop_id" UUID NOT NULL,
  "pickup_request_id" UUID NOT NULL,
  "added_by_id" UUID NOT NULL,
  "added_at" TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "pickup_run_items_pkey" PRIMARY KEY ("id")
);
-- The race: two dispatchers adding one request to two runs; the second insert fails here.
CREATE UNIQUE INDEX "pickup_run_items_request_key" ON "pickup_run_items"("pickup_request_id");
CREATE INDEX "pickup_run_items_stop_id_idx" ON "pickup_run_items"("stop_id");
CREATE INDEX "pickup_run_items_run_id_idx" ON "pickup_run_items"("run_id");
ALTER TABLE "pickup_run_items" ADD CONSTRAINT "pickup_run_items_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "pickup_runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "pickup_run_items" ADD CONSTRAINT "pickup_run_items_stop_id_fkey" FOREIGN KEY ("stop_id") REFERENCES "pickup_run_stops"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "pickup_run_items" ADD CONSTRAINT "pickup_run_items_pickup_request_id_fkey" FOREIGN KEY ("pickup_request_id") REFERENCES "pickup_requests"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "pickup_run_items" ADD CONSTRAINT "pickup_run_items_added_by_id_fkey" FOREIGN KEY ("added_by_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Where runs start from (one row): the facility's hand-geocoded place or its postcode.
CREATE TABLE "pickup_run_settings" (
  "id" INTEGER NOT NULL DEFAULT 1,
  "latitude" DECIMAL(9,6),
  "longitude" DECIMAL(9,6),
  "postcode" TEXT,
  "updated_at" TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "pickup_run_settings_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "pickup_run_settings_one_row" CHECK ("id" = 1),
  CONSTRAINT "pickup_run_settings_lat_lng_pair" CHECK (("latitude" IS NULL) = ("longitude" IS NULL))
);

-- Time-off types are configurable (docs/schedules.md "Time off"): a name is unique whatever its case.
CREATE UNIQUE INDEX "time_off_types_name_lower" ON "time_off_types" (lower("name"));

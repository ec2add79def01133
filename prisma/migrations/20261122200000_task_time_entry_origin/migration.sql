-- Where a task clock was started from (ip; source, location and user agent already exist) and
-- where it was stopped from: the time card and accountability screens show both ends.
ALTER TABLE "task_time_entries" ADD COLUMN "ip" TEXT,
ADD COLUMN "end_source" "PunchSource",
ADD COLUMN "end_location" TEXT,
ADD COLUMN "end_user_agent" TEXT,
ADD COLUMN "end_ip" TEXT;

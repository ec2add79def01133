import { route } from "@/lib/http/route";
import { listProjectOptions } from "@/lib/services/tasks/list-project-options";

/** The project list of the task form (id, name). Projects CRUD is a later issue. */
export const GET = route(async () => listProjectOptions());

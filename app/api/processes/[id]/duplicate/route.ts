import { json, route } from "@/lib/http/route";
import { duplicateProcess } from "@/lib/services/processes/duplicate-process";

export const POST = route(async ({ caller, params }) => json(await duplicateProcess(caller, String(params.id)), 201), { permission: "processes.write" });

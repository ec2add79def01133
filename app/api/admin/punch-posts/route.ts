import { json, route } from "@/lib/http/route";
import * as op from "@/lib/punch/contracts";
import { createPunchPost } from "@/lib/services/punch/create-punch-post";
import { listPunchPosts } from "@/lib/services/punch/list-punch-posts";

export const GET = route(op.listPunchPosts, async () => listPunchPosts());

export const POST = route(op.createPunchPost, async ({ caller, body }) => json(await createPunchPost(caller, body), 201));

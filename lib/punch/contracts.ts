/**
 * The punch domain's API operations (lib/http/operation.ts): one descriptor each, read by the
 * handlers in app/api, the OpenAPI document and the tests.
 */
import { defineOperation } from "@/lib/http/operation";
import { okSchema } from "@/lib/validations/common";
import { createPunchPostSchema, punchPostListSchema, punchPostSchema, updatePunchPostSchema } from "@/lib/validations/punch";

export const listPunchPosts = defineOperation({
  method: "GET",
  path: "/api/admin/punch-posts",
  summary: "List punch posts",
  description: "Every punch post that is not removed, by name: where it is, when it was last printed, its key version.",
  access: { permission: "punch.posts.manage" },
  response: punchPostListSchema,
});

export const createPunchPost = defineOperation({
  method: "POST",
  path: "/api/admin/punch-posts",
  summary: "Add a punch post",
  description: "201 with the post. `location` is what the printed code carries and never changes; a removed post's location may be added again.",
  access: { permission: "punch.posts.manage" },
  body: createPunchPostSchema,
  response: punchPostSchema,
  status: 201,
  errors: { 409: "A punch post with this location already exists." },
});

export const updatePunchPost = defineOperation({
  method: "PATCH",
  path: "/api/admin/punch-posts/[id]",
  summary: "Rename a punch post or say where it is",
  access: { permission: "punch.posts.manage" },
  body: updatePunchPostSchema,
  response: punchPostSchema,
});

export const removePunchPost = defineOperation({
  method: "DELETE",
  path: "/api/admin/punch-posts/[id]",
  summary: "Remove a punch post",
  description: "Removes the post from the list and voids its printed codes (the key version goes up); printing it again brings it back.",
  access: { permission: "punch.posts.manage" },
  response: okSchema,
});

import { route } from "@/lib/http/route";
import * as op from "@/lib/billing/contracts";
import { fileResponse } from "@/lib/http/file-response";
import { getStatementFile } from "@/lib/services/billing/get-statement-file";

export const GET = route(op.getStatementFile, async ({ caller, params, query }) => {
  const file = await getStatementFile(caller, params.id, query.format);
  return fileResponse(file.body, { fileName: file.fileName, contentType: file.contentType, disposition: query.format === "pdf" ? "inline" : "attachment" });
});

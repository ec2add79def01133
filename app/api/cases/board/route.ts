import { route } from "@/lib/http/route";
import * as op from "@/lib/cases/contracts";
import { getCaseBoard } from "@/lib/services/cases/board";

export const GET = route(op.getCaseBoard, async ({ caller }) => getCaseBoard(caller));

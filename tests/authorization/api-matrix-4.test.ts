import { walkApiMatrix } from "./api-walk";

// Part 4 of the API half of the authorization matrix (./api-walk.ts).
walkApiMatrix(4);

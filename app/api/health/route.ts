import { json, route } from "@/lib/http/route";
import { checkHealth } from "@/lib/services/system/check-health";

export const GET = route(
  async () => {
    const health = await checkHealth();
    return json(health, health.ok ? 200 : 503);
  },
  { public: true },
);

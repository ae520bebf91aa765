// POST /api/track as browsers send it: navigator.sendBeacon posts text/plain (a JSON string), which the
// REST handler would refuse, so this plain route reads the text as JSON and calls the same procedure
// (contact.track) through a server-side caller. JSON requests take the same path.
import { createCaller } from "../root.js";
import { readJson, type AppContext } from "./http.js";

export async function trackBeaconHandler(c: AppContext): Promise<Response> {
  const body = await readJson(c);
  return c.json(await createCaller(await c.var.context()).contact.track(body as never));
}

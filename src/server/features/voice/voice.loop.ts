import { defineLoop } from "../../background/loop";
import { dispatchCalls } from "../outbound/dispatcher";
import { startDueBroadcasts } from "./voice.service";

/** Voice broadcasts: due ones become calls, calls go out through the carrier interface. */
export const voiceLoop = defineLoop({
  name: "voice",
  async step(ctx) {
    const started = await startDueBroadcasts(ctx);
    const placed = await dispatchCalls(ctx);
    return started + placed > 0;
  },
});

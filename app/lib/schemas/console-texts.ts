import { z } from "zod";

/** A text row's buttons in /admin/texts: send a failed text again, or dismiss it. */
export const textActionSchema = z.object({
  intent: z.enum(["retry", "dismiss"], { error: "The request was not understood." }),
  textId: z.uuid({ error: "That text does not exist." }),
});

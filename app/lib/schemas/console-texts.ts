import { z } from "zod";

/** A text row's button in /admin/texts: send a failed text again. */
export const textActionSchema = z.object({
  intent: z.enum(["retry"], { error: "The request was not understood." }),
  textId: z.uuid({ error: "That text does not exist." }),
});

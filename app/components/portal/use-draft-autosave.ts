import * as React from "react";
import { useFetcher } from "react-router";
import { sessionHasEnded } from "~/components/session/session-state";
import { formatTimeOfDay } from "~/lib/format";
import { useTimeZone } from "~/lib/time-zone";

/** Quiet time after the last change before the draft is saved. */
const DEBOUNCE_MS = 2_000;

/**
 * Saves the IVR form's typed values on the server as the member types: two
 * seconds after the last change, and at once with "Save draft", which keeps
 * the picked files in the draft too. Once the session is known to have ended
 * the typing is not saved in the background (a post would lead to sign-in):
 * sending the form or "Save draft" keeps it all and leads back after sign-in.
 * Answers the draft's id (for the form's hidden field) and a line saying when
 * it was last saved.
 */
export function useDraftAutosave(formRef: React.RefObject<HTMLFormElement | null>, initialId: string, initialSavedAt: string | null) {
  const fetcher = useFetcher<{ ok: boolean; draft?: { id: string; savedAt: string }; error?: string }>();
  const timeZone = useTimeZone();
  const [draftId, setDraftId] = React.useState(initialId);
  const [savedAt, setSavedAt] = React.useState<string | null>(initialSavedAt);
  /** Why the last save failed ("" when it is not known), or null when it did not fail. */
  const [failed, setFailed] = React.useState<string | null>(null);
  const timer = React.useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Each answer once, when it arrives (adjusted during render, not in an effect).
  const [answered, setAnswered] = React.useState(fetcher.data);
  if (fetcher.state === "idle" && fetcher.data !== answered) {
    setAnswered(fetcher.data);
    const draft = fetcher.data?.ok ? fetcher.data.draft : undefined;
    if (draft) {
      setDraftId(draft.id);
      setSavedAt(draft.savedAt);
      setFailed(null);
    } else if (fetcher.data !== undefined) setFailed(fetcher.data.error ?? "");
  }

  React.useEffect(() => () => clearTimeout(timer.current), []);

  const save = React.useCallback(
    (withFiles: boolean) => {
      clearTimeout(timer.current);
      const form = formRef.current;
      if (!form) return;
      const body = new FormData();
      // The form's hidden draftId holds the id of the latest save, whenever the save was scheduled.
      for (const [name, value] of new FormData(form).entries()) {
        if (typeof value === "string" || (withFiles && value.size > 0)) body.append(name, value);
      }
      body.set("intent", "draft");
      const files = [...body.values()].some((value) => typeof value !== "string");
      void fetcher.submit(body, { method: "post", action: "/members/ivrs/new", encType: files ? "multipart/form-data" : "application/x-www-form-urlencoded" });
    },
    [fetcher, formRef],
  );
  /** "Save draft": the answers and the picked files. */
  const saveNow = React.useCallback(() => save(true), [save]);

  const onInput = React.useCallback(
    (event: React.FormEvent<HTMLFormElement>) => {
      // A chosen file waits for "Save draft" or the request: it is not uploaded on every keystroke.
      if ((event.target as HTMLInputElement).type === "file") return;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        if (!sessionHasEnded()) save(false);
      }, DEBOUNCE_MS);
    },
    [save],
  );

  /** Sending the request: a draft saved now would race it. */
  const cancel = React.useCallback(() => clearTimeout(timer.current), []);

  const saving = fetcher.state !== "idle";
  const status = saving
    ? "Saving draft..."
    : failed !== null
      ? failed
        ? `${failed} Your answers are still in the form.`
        : "The draft could not be saved: your answers are still here."
      : savedAt
        ? `Draft saved ${formatTimeOfDay(savedAt, timeZone)}`
        : "";
  return { draftId, saveNow, onInput, cancel, saving, status };
}

import * as React from "react";
import { useFetcher } from "react-router";
import type { z } from "zod";
import { showToast } from "~/components/ui/toaster";
import { checkFieldsNotice, formProblemToasts, type ToastText } from "~/content/forms";
import { outcomeOf } from "~/lib/form-result";
import { formDataToObject, parseWith, type FieldErrors, type FormToast } from "~/lib/schemas/fields";
import { useHydrated } from "~/lib/use-hydrated";
import type { Notice } from "./field";
import { newSubmissionKey, savePending, type PendingSubmission } from "./pending-submissions";

/** What a failed browser-side check reports: field messages and, for some forms, a toast. */
export type Problems = { fieldErrors: FieldErrors; toast?: FormToast | null };

/** Checks a form in the browser; null when it may be sent. */
export type Validate = (form: HTMLFormElement) => Problems | null | Promise<Problems | null>;

/**
 * Loads `load` once, on first use, and shares the result. When it cannot be
 * loaded (offline, a new deployment's chunk names) the answer is null and the
 * next call tries again.
 */
export function loadOnDemand<T>(load: () => Promise<T>): () => Promise<T | null> {
  let loading: Promise<T | null> | undefined;
  return () =>
    (loading ??= load().catch(() => {
      loading = undefined;
      return null;
    }));
}

/**
 * A Validate that runs a schema over the form's text values. The schema (and
 * zod with it) is loaded on first use, not with the page; when it cannot be
 * loaded, the form is sent and the server checks it.
 */
export function schemaValidator(
  load: () => Promise<z.ZodType>,
  read: (formData: FormData) => unknown = formDataToObject,
): Validate {
  const schema = loadOnDemand(load);
  return async (form) => {
    const values = read(new FormData(form));
    const loaded = await schema();
    if (!loaded) return null;
    const result = parseWith(loaded, values);
    return result.success ? null : { fieldErrors: result.fieldErrors };
  };
}

/** Empties every control: text, choices, check boxes and files. */
export function clearForm(form: HTMLFormElement) {
  for (const element of Array.from(form.elements)) {
    if (element instanceof HTMLInputElement) {
      if (element.type === "checkbox" || element.type === "radio") element.checked = false;
      else if (element.type !== "hidden" && element.type !== "submit" && element.type !== "button") element.value = "";
    } else if (element instanceof HTMLTextAreaElement) {
      element.value = "";
    } else if (element instanceof HTMLSelectElement) {
      // The placeholder option has the empty value; without one, the first option.
      element.value = "";
      if (element.selectedIndex === -1) element.selectedIndex = 0;
    }
  }
}

/** The first control, in page order, that has a message. */
function firstInvalidControl(form: HTMLFormElement, fieldErrors: FieldErrors): HTMLElement | null {
  for (const element of Array.from(form.elements)) {
    if (
      (element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement) &&
      element.name in fieldErrors &&
      element.type !== "hidden" &&
      !element.disabled
    ) {
      return element;
    }
  }
  return null;
}

/**
 * Moves focus to the first field with a message (after React has rendered the
 * message, so it is read out with the field). A message no control displays
 * (a list-level rule, say) becomes a toast.
 */
function reportProblems(form: HTMLFormElement | null, problems: Problems) {
  const control = form ? firstInvalidControl(form, problems.fieldErrors) : null;
  if (control) requestAnimationFrame(() => control.focus());
  if (problems.toast) toastOf(problems.toast, "error");
  else if (!control) {
    const first = Object.values(problems.fieldErrors)[0];
    toastOf({ title: checkFieldsNotice.title, description: first ?? checkFieldsNotice.description }, "error");
  }
}

/** A refusal's message: its own title, or the generic one. */
function rejectedNotice(outcome: { error: string; title?: string }): ToastText {
  return { ...formProblemToasts.rejected, title: outcome.title ?? formProblemToasts.rejected.title, description: outcome.error };
}

function toastOf(text: ToastText | FormToast, variant?: ToastText["variant"]) {
  showToast({ title: text.title, description: text.description, variant: variant ?? ("variant" in text ? text.variant : undefined) });
}

/**
 * One form's submission: checks in the browser (the same schema the action
 * uses), sends valid data through a fetcher to the route action, and turns
 * the answer into field messages or the form's toasts.
 *
 * `answer` is the action data of a plain form post (JavaScript off, or sent
 * before hydration): its field messages and result show in the page. On a
 * page with several forms, pass each form only the answer meant for it.
 *
 * An action may answer success with a redirect and a flash message instead
 * of data (the console's forms, whose page changes with the result): the
 * fetcher follows it, the next page shows the flash, and the form is left
 * as that page draws it.
 */
export function useFormSubmission({
  validate,
  success,
  failure,
  resetOnSuccess = true,
  resetOnFailure = false,
  queueOnFailure = false,
  onReset,
  onAnswer,
  answer,
}: {
  validate: Validate;
  success: ToastText | null;
  failure: ToastText;
  /** Empty the form after a success answered with data (not for a form that shows a record's current value). */
  resetOnSuccess?: boolean;
  resetOnFailure?: boolean;
  /**
   * Keep a failed submission in the browser and re-send it later. For the
   * forms whose failure toast tells the visitor it was received: this makes
   * that true. Text forms only.
   */
  queueOnFailure?: boolean;
  onReset?: () => void;
  /** Each answer the action sends with data, for a page that shows more of it than the form does. */
  onAnswer?: (answer: unknown) => void;
  answer?: unknown;
}) {
  const fetcher = useFetcher<unknown>();
  const formRef = React.useRef<HTMLFormElement>(null);
  // Until then the browser's own checks stay on (noValidate off).
  const hydrated = useHydrated();

  // A plain post's answer arrives with the page, so the first render is the only one that needs it.
  const [errors, setErrors] = React.useState<FieldErrors>(() => {
    const initial = answer === undefined ? null : outcomeOf(answer);
    return initial?.kind === "invalid" ? initial.fieldErrors : {};
  });
  const [notice, setNotice] = React.useState<Notice | null>(() => {
    // A form redrawn by the server (an entry added without JavaScript) has nothing to report.
    if (answer === undefined || (typeof answer === "object" && answer !== null && "redraw" in answer)) return null;
    const initial = outcomeOf(answer);
    if (initial.kind === "success") return success;
    // Without JavaScript nothing can be kept and re-sent: say plainly that it did not go through.
    if (initial.kind === "failure") return formProblemToasts.serverError;
    if (initial.kind === "rateLimited") return formProblemToasts.rateLimited;
    if (initial.kind === "rejected") return rejectedNotice(initial);
    if (initial.kind === "notice") return { ...initial.toast, variant: "error" };
    return initial.toast ? { ...initial.toast, variant: "error" } : checkFieldsNotice;
  });

  // Latest callbacks without re-running the answer effect when they change.
  const latest = React.useRef({ success, failure, resetOnSuccess, resetOnFailure, queueOnFailure, onReset, onAnswer });
  React.useLayoutEffect(() => {
    latest.current = { success, failure, resetOnSuccess, resetOnFailure, queueOnFailure, onReset, onAnswer };
  });
  // What was last sent, to keep it when the server cannot take it.
  const sent = React.useRef<PendingSubmission | null>(null);

  const reset = React.useCallback(() => {
    if (formRef.current) clearForm(formRef.current);
    setErrors({});
    latest.current.onReset?.();
  }, []);

  // Handle each answer once, when the fetcher settles after a submission.
  // Set when a success notice should take focus once it is on the page.
  const focusNotice = React.useRef(false);
  React.useEffect(() => {
    if (!focusNotice.current || !notice) return;
    focusNotice.current = false;
    formRef.current?.querySelector<HTMLElement>("[data-form-notice]")?.focus();
  }, [notice]);

  const busy = React.useRef(false);
  React.useEffect(() => {
    if (fetcher.state !== "idle") {
      busy.current = true;
      return;
    }
    if (!busy.current) return;
    busy.current = false;
    const { success, failure, resetOnSuccess, resetOnFailure, queueOnFailure, onAnswer } = latest.current;
    // A redirect leaves the fetcher without data: the page it led to (and its flash) says what happened.
    if (fetcher.data === undefined) return;
    onAnswer?.(fetcher.data);
    const outcome = outcomeOf(fetcher.data);
    if (outcome.kind === "success") {
      if (success) {
        toastOf(success);
        // The same words as a status line in the form, and focus on it: the button that
        // was pressed stays, but what it did is where the reader is.
        setNotice({ ...success, variant: "success" });
        focusNotice.current = true;
      }
      if (resetOnSuccess) reset();
    } else if (outcome.kind === "invalid") {
      setErrors(outcome.fieldErrors);
      reportProblems(formRef.current, outcome);
    } else if (outcome.kind === "rateLimited") {
      toastOf(formProblemToasts.rateLimited);
    } else if (outcome.kind === "rejected") {
      toastOf(rejectedNotice(outcome));
    } else if (outcome.kind === "notice") {
      toastOf(outcome.toast, "error");
    } else {
      if (queueOnFailure && sent.current) savePending(sent.current);
      toastOf(failure);
      if (resetOnFailure) reset();
    }
  }, [fetcher.state, fetcher.data, reset]);

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    event.preventDefault();
    // The pressed button's own name and value (a confirm dialog's `confirmed=1`), read now:
    // the button may be gone from the page once the check below has run.
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const pressed =
      (submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement) && submitter.name
        ? ([submitter.name, submitter.value] as const)
        : null;
    setNotice(null);
    const problems = await validate(form);
    if (problems) {
      setErrors(problems.fieldErrors);
      reportProblems(form, problems);
      return;
    }
    setErrors({});
    const formData = new FormData(form);
    if (pressed) formData.append(...pressed);
    const key = newSubmissionKey();
    formData.set("clientKey", key);
    // A form may post elsewhere with JavaScript than without (data-fetcher-action).
    const action = form.dataset.fetcherAction ?? form.getAttribute("action") ?? window.location.pathname;
    sent.current = {
      key,
      action,
      fields: [...formData.entries()].filter((e): e is [string, string] => typeof e[1] === "string"),
      savedAt: Date.now(),
    };
    void fetcher.submit(formData, {
      method: "post",
      action,
      encType: form.enctype === "multipart/form-data" ? "multipart/form-data" : "application/x-www-form-urlencoded",
    });
  };

  // Once a field has a message, re-check it as the visitor corrects it.
  const onChange = async (event: React.FormEvent<HTMLFormElement>) => {
    const target = event.target as Partial<HTMLInputElement>;
    const name = target.name;
    if (!name || !(name in errors)) return;
    const message = (await validate(event.currentTarget))?.fieldErrors[name];
    setErrors((previous) => {
      const next = { ...previous };
      if (message) next[name] = message;
      else delete next[name];
      return next;
    });
  };

  return {
    fetcher,
    errors,
    notice,
    pending: fetcher.state !== "idle",
    /** Spread on <fetcher.Form>. */
    formProps: {
      ref: formRef,
      method: "post" as const,
      noValidate: hydrated,
      onSubmit,
      onChange,
    },
  };
}

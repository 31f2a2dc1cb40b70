import { RESEND_HEADER } from "~/lib/form-result";

/**
 * Submissions the server did not confirm (network failure or a 5xx), kept in
 * the browser's local storage and re-sent on reconnect or on the next visit,
 * so a message the visitor was told we received really reaches us. Each
 * carries its idempotency key, so a re-send that had in fact arrived is
 * stored once.
 */
export type PendingSubmission = {
  key: string;
  action: string;
  fields: [string, string][];
  savedAt: number;
};

const STORAGE_KEY = "pending-submissions";
/** Older than this, a submission is dropped rather than sent late. */
const MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

function read(): PendingSubmission[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "[]");
    return Array.isArray(value) ? (value as PendingSubmission[]) : [];
  } catch {
    return [];
  }
}

function write(list: PendingSubmission[]) {
  try {
    if (list.length) localStorage.setItem(STORAGE_KEY, JSON.stringify(list));
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage full or disabled: nothing more we can keep.
  }
}

export function pendingSubmissions(): PendingSubmission[] {
  return read();
}

export function savePending(submission: Omit<PendingSubmission, "savedAt">) {
  const list = read().filter((p) => p.key !== submission.key);
  list.push({ ...submission, savedAt: Date.now() });
  write(list);
}

function remove(key: string) {
  write(read().filter((p) => p.key !== key));
}

/** A random key for one submission; crypto.randomUUID needs a secure context, getRandomValues does not. */
export function newSubmissionKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

let flushing: Promise<void> | null = null;

/** Sends what is pending; keeps what still fails for the next try. */
export function flushPending(): Promise<void> {
  flushing ??= (async () => {
    for (const item of read()) {
      if (Date.now() - item.savedAt > MAX_AGE_MS) {
        remove(item.key);
        continue;
      }
      try {
        const response = await fetch(item.action, {
          method: "POST",
          headers: { [RESEND_HEADER]: "1" },
          body: new URLSearchParams(item.fields),
          credentials: "same-origin",
        });
        // 2xx: stored. 4xx: it can never be accepted as it is (the browser checked it
        // before sending), so keeping it would retry forever. 5xx: try again later.
        if (response.status < 500) remove(item.key);
      } catch {
        // Still offline: keep it.
        return;
      }
    }
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

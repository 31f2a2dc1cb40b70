/** Beside a queue's count: says the queue follows the practices' changes by itself, while its live stream is open. */
export function LiveNote({ live, what }: { live: boolean; what: string }) {
  if (!live) return null;
  return (
    <span className="inline-flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
      <span aria-hidden className="size-2 rounded-full bg-success" />
      {`The ${what} updates by itself.`}
    </span>
  );
}

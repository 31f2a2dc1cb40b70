import { FlaskConical, LogOut } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { DEMO_BANNER } from "~/content/demo";

/**
 * On every page of the portal while the live demo is open: what it is (sample
 * data, nothing saved), the way out and the way to a portal of one's own.
 * "Leave the demo" is a plain form: it works without JavaScript.
 */
export function DemoBanner() {
  return (
    <section aria-label="Live demo" className="border-b-2 border-warning-border bg-warning-soft text-warning">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-6 gap-y-3 px-4 py-3 sm:px-6">
        <p className="flex items-start gap-2 text-base">
          <FlaskConical aria-hidden className="mt-0.5 size-5 shrink-0" />
          <span>
            <strong className="font-bold">{DEMO_BANNER.title}</strong> {DEMO_BANNER.text}
          </span>
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <Button asChild size="sm">
            <Link to="/request-access">{DEMO_BANNER.requestAccess}</Link>
          </Button>
          <form method="post" action="/demo">
            <input type="hidden" name="intent" value="leave" />
            <Button type="submit" size="sm" variant="outline" className="bg-background">
              <LogOut aria-hidden />
              {DEMO_BANNER.leave}
            </Button>
          </form>
        </div>
      </div>
    </section>
  );
}

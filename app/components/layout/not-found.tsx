import { Link } from "react-router";
import { Button } from "~/components/ui/button";

export function NotFound() {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center gap-4 px-4 py-24 text-center sm:px-6">
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="text-3xl font-bold tracking-tight">Oops! Page not found</h1>
      <p className="text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      <Button asChild>
        <Link to="/">Return to Home</Link>
      </Button>
    </section>
  );
}

import { ArrowRight } from "lucide-react";
import { Link } from "react-router";

export default function Home() {
  return (
    <main>
      <h1>A bare React Router app</h1>
      <Link to="/">
        Home <ArrowRight aria-hidden />
      </Link>
    </main>
  );
}

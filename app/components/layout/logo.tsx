import { Link } from "react-router";

export function Logo({ companyName, inverse = false }: { companyName: string; inverse?: boolean }) {
  return (
    <Link to="/" className="flex items-center gap-2 rounded-md" aria-label={`${companyName} home`}>
      <svg aria-hidden viewBox="0 0 32 32" className="size-8 shrink-0">
        <rect width="32" height="32" rx="8" className={inverse ? "fill-white" : "fill-primary"} />
        <path
          d="M16 7c-3.5 4.2-6 7.6-6 11a6 6 0 0 0 12 0c0-3.4-2.5-6.8-6-11Z"
          fill="none"
          className={inverse ? "stroke-primary" : "stroke-white"}
          strokeWidth="2.2"
          strokeLinejoin="round"
        />
        <path d="M13 18.5h6M16 15.5v6" className={inverse ? "stroke-primary" : "stroke-white"} strokeWidth="2.2" strokeLinecap="round" />
      </svg>
      <span className={`text-lg font-bold tracking-tight ${inverse ? "text-white" : "text-navy"}`}>{companyName}</span>
    </Link>
  );
}

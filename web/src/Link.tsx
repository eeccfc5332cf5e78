/** A link inside the client: a real `<a href>` (open in a new tab, copy), followed without a reload. */
import type { ReactElement, ReactNode } from "react";
import { navigate } from "./router.js";

export function Link({
  to,
  children,
  current,
  className,
}: {
  to: string;
  children: ReactNode;
  className?: string;
  /** This link is the page being shown (`aria-current="page"`). */
  current?: boolean;
}): ReactElement {
  return (
    <a
      href={to}
      className={className}
      aria-current={current ? "page" : undefined}
      onClick={(e) => {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}

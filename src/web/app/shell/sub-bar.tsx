import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import type { NavItem } from "./nav";
import classes from "./shell.module.css";

/** The sub bar: the pages of the current section, as tabs (hidden for sections of one page). */
export function SubBar({ section }: { section: NavItem | undefined }) {
  const { pathname } = useLocation();
  const ref = useRef<HTMLElement>(null);
  // On a narrow screen the active tab may sit off to the right: bring it into view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again on every page change
  useEffect(() => {
    ref.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView({ block: "nearest", inline: "center" });
  }, [pathname]);
  if (!section?.children) return null;
  return (
    <nav
      ref={ref}
      className={classes.subBar}
      aria-label={`${section.label} pages`}
      data-testid="sub-bar"
    >
      {section.children.map((child) => {
        const active = pathname === child.to || pathname.startsWith(`${child.to}/`);
        return (
          <Link
            key={child.to}
            to={child.to}
            className={classes.subTab}
            data-active={active}
            aria-current={active ? "page" : undefined}
          >
            {child.label}
          </Link>
        );
      })}
    </nav>
  );
}

import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import type { NavItem } from "./nav";
import classes from "./shell.module.css";

/** The sub bar: the pages of the current section, as tabs (hidden for sections of one page). */
export function SubBar({ section }: { section: NavItem | undefined }) {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  // On a narrow screen the active tab may sit off to the right: bring it into view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again on every page change
  useEffect(() => {
    ref.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView({ block: "nearest", inline: "center" });
  }, [pathname]);
  if (!section?.children) return null;
  // The tab whose path is the longest prefix of the page's wins ("/settings/security" is not
  // also "/settings").
  const matches = section.children.filter(
    (c) => pathname === c.to || pathname.startsWith(`${c.to}/`),
  );
  const activeTo = matches.sort((a, b) => b.to.length - a.to.length)[0]?.to;
  return (
    <nav
      ref={ref}
      className={classes.subBar}
      aria-label={t("{{section}} pages", { section: t(section.label) })}
      data-testid="sub-bar"
    >
      {section.children.map((child) => {
        const active = child.to === activeTo;
        return (
          <Link
            key={child.to}
            to={child.to}
            className={classes.subTab}
            data-active={active}
            aria-current={active ? "page" : undefined}
          >
            {t(child.label)}
          </Link>
        );
      })}
    </nav>
  );
}

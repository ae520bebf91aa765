import { Tabs } from "@mantine/core";
import { type ReactNode, useEffect, useRef, useState } from "react";
import classes from "./dashboard-tabs.module.css";

type Side = "before" | "after";

/** How far a tap on a hint scrolls: most of the visible row, so the next tab comes whole into view. */
const STEP = 0.8;

/**
 * The dashboard's row of tabs. Where it is wider than the screen (a phone), it scrolls sideways, and a fade
 * with an arrow at each clipped end shows that more tabs are there; tapping it scrolls. The hints are for
 * the eye and the finger only: the tabs themselves stay reachable by arrow keys and by a screen reader.
 */
export function DashboardTabsList({ value, children }: { value: string; children: ReactNode }) {
  const list = useRef<HTMLDivElement>(null);
  const [clipped, setClipped] = useState<Record<Side, boolean>>({ before: false, after: false });

  useEffect(() => {
    const node = list.current;
    if (!node) return;
    const update = () => {
      // A row that stopped overflowing (the window grew) keeps a stale scrollLeft without a scroll event.
      const overflows = node.scrollWidth > node.clientWidth + 1;
      const before = overflows && node.scrollLeft > 1;
      const after = overflows && node.scrollLeft + node.clientWidth < node.scrollWidth - 1;
      setClipped((old) => (old.before === before && old.after === after ? old : { before, after }));
    };
    update();
    node.addEventListener("scroll", update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(node);
    return () => {
      node.removeEventListener("scroll", update);
      observer.disconnect();
    };
  }, []);

  // A tab opened from the address (?tab=profile) or by arrow keys is scrolled whole into view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the open tab changes, read from the DOM
  useEffect(() => {
    const node = list.current;
    const tab = node?.querySelector<HTMLElement>(`[aria-selected="true"]`);
    if (!node || !tab) return;
    const row = node.getBoundingClientRect();
    const box = tab.getBoundingClientRect();
    if (box.left < row.left) node.scrollLeft -= row.left - box.left;
    else if (box.right > row.right) node.scrollLeft += box.right - row.right;
  }, [value]);

  const scroll = (side: Side) => {
    const node = list.current;
    if (node) node.scrollLeft += (side === "after" ? 1 : -1) * node.clientWidth * STEP;
  };

  return (
    <div className={classes.scroller}>
      <Tabs.List ref={list} className={classes.list}>
        {children}
      </Tabs.List>
      {(["before", "after"] as const).map(
        (side) =>
          clipped[side] && (
            <div
              key={side}
              className={classes.hint}
              data-side={side}
              data-testid={`tabs-more-${side}`}
              aria-hidden="true"
              onClick={() => scroll(side)}
            >
              {side === "after" ? "›" : "‹"}
            </div>
          ),
      )}
    </div>
  );
}

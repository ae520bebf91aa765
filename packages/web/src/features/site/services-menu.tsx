import { Box, Button, Paper } from "@mantine/core";
import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from "react";
import classes from "./site-menus.module.css";
import { HEADER_SERVICE_LINKS, linkHref } from "./site-links";

const OPEN_DELAY_MS = 50;
const CLOSE_DELAY_MS = 150;

/**
 * The header's Services dropdown, a menu button (WAI-ARIA APG): a click, Enter, Space or the arrow keys
 * open it; the arrows, Home and End move between the services; Escape closes it and gives focus back to
 * the button; Tab or a click elsewhere closes it. A mouse also opens it by hovering.
 */
export function ServicesMenu() {
  const [opened, setOpened] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const hoverTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** The item to focus once the menu has rendered: first, last, or none (opened by mouse). */
  const [focusOnOpen, setFocusOnOpen] = useState<"first" | "last" | null>(null);
  const menuId = useId();
  /** Opened by the pointer resting on it: a click then keeps it open rather than closing what just opened. */
  const openedByHover = useRef(false);

  const items = () => [...(rootRef.current?.querySelectorAll<HTMLAnchorElement>('[role="menuitem"]') ?? [])];
  const open = (focus: "first" | "last" | null = null) => {
    setOpened(true);
    setFocusOnOpen(focus);
  };
  const close = (returnFocus = false) => {
    openedByHover.current = false;
    setOpened(false);
    if (returnFocus) buttonRef.current?.focus();
  };
  const hover = (next: boolean) => {
    clearTimeout(hoverTimer.current);
    hoverTimer.current = setTimeout(
      () => {
        if (next && !opened) {
          openedByHover.current = true;
          open();
        } else if (!next) {
          close();
        }
      },
      next ? OPEN_DELAY_MS : CLOSE_DELAY_MS,
    );
  };
  const onButtonClick = (event: MouseEvent) => {
    if (opened && openedByHover.current) {
      openedByHover.current = false;
      return;
    }
    // A click from the keyboard (Enter, Space) has detail 0: it also moves focus into the menu.
    if (opened) close();
    else open(event.detail === 0 ? "first" : null);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: close() and items() use only refs and setters
  useEffect(() => {
    if (!opened) return;
    if (focusOnOpen)
      items()
        .at(focusOnOpen === "first" ? 0 : -1)
        ?.focus();
    const closeOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close();
    };
    document.addEventListener("pointerdown", closeOutside);
    return () => document.removeEventListener("pointerdown", closeOutside);
  }, [opened, focusOnOpen]);

  useEffect(() => () => clearTimeout(hoverTimer.current), []);

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      open(event.key === "ArrowDown" ? "first" : "last");
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLAnchorElement);
    const moveTo: Record<string, number> = {
      ArrowDown: (index + 1) % list.length,
      ArrowUp: (index - 1 + list.length) % list.length,
      Home: 0,
      End: list.length - 1,
    };
    if (event.key in moveTo) {
      event.preventDefault();
      list[moveTo[event.key]!]?.focus();
    } else if (event.key === "Escape") {
      event.preventDefault();
      close(true);
    } else if (event.key === "Tab") {
      close();
    }
  };

  return (
    <Box
      ref={rootRef}
      pos="relative"
      onPointerEnter={(event) => event.pointerType === "mouse" && hover(true)}
      onPointerLeave={(event) => event.pointerType === "mouse" && hover(false)}
    >
      <Button
        ref={buttonRef}
        variant="subtle"
        color="gray"
        c="dark"
        px="sm"
        rightSection={<span aria-hidden>▾</span>}
        aria-haspopup="menu"
        aria-expanded={opened}
        aria-controls={opened ? menuId : undefined}
        onClick={onButtonClick}
        onKeyDown={onButtonKeyDown}
      >
        Services
      </Button>
      {opened ? (
        <Paper
          id={menuId}
          role="menu"
          aria-label="Services"
          shadow="md"
          withBorder
          className={classes.dropdown}
          onKeyDown={onMenuKeyDown}
        >
          {HEADER_SERVICE_LINKS.map((item) => (
            <a
              key={item.label}
              role="menuitem"
              tabIndex={-1}
              href={linkHref(item)}
              className={classes.item}
              onClick={() => close()}
            >
              {item.label}
            </a>
          ))}
        </Paper>
      ) : null}
    </Box>
  );
}

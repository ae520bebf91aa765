// Mantine components that navigate with the router: typed `to`/`search`, client-side navigation and
// preloading, while keeping Mantine's look. `createLink` is the router's way to wrap a custom anchor.
import { Anchor, Button, type AnchorProps, type ButtonProps } from "@mantine/core";
import { createLink } from "@tanstack/react-router";
import type { ComponentPropsWithRef } from "react";

type AnchorElementProps = Omit<ComponentPropsWithRef<"a">, "color" | "style">;

function MantineAnchor(props: AnchorProps & AnchorElementProps) {
  return <Anchor {...props} />;
}

function MantineButtonAnchor(props: ButtonProps & AnchorElementProps) {
  return <Button component="a" {...props} />;
}

export const AnchorLink = createLink(MantineAnchor);
export const ButtonLink = createLink(MantineButtonAnchor);

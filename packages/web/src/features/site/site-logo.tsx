import type { ImageProps } from "@mantine/core";
import { site } from "@repo/content";
import { useSite, useSiteContent } from "./site-content";
import FallbackImage from "./fallback-image.island";

export const LOGO_SRC = "/logo.svg";

const xmlText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;");

/**
 * The copy used when /logo.svg cannot be loaded (docs/product-spec.md §8: "a fallback image is used").
 * An inline data URL rather than a second host: it cannot fail for the same reason the first did.
 */
export const logoFallbackSrc = (name: string) =>
  "data:image/svg+xml;charset=utf-8," +
  encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="40" viewBox="0 0 200 40">` +
      `<rect width="40" height="40" rx="8" fill="#1c64d9"/>` +
      `<path d="M11 29V11h4l10 12V11h4v18h-4L15 17v12z" fill="#fff"/>` +
      `<text x="50" y="27" font-family="system-ui,sans-serif" font-size="18" font-weight="700" fill="#1a1b1e">${xmlText(name)}</text>` +
      `</svg>`,
  );

export const LOGO_FALLBACK_SRC = logoFallbackSrc(site.name);

/** The provider's logo (the one uploaded in the staff portal, or the built-in one), swapped for the inline copy when it cannot be loaded. */
export function SiteLogo(props: Omit<ImageProps, "src" | "fallbackSrc">) {
  const { name } = useSite();
  const { logo } = useSiteContent().identity;
  return (
    <FallbackImage
      src={logo.light ?? LOGO_SRC}
      fallbackSrc={name === site.name ? LOGO_FALLBACK_SRC : logoFallbackSrc(name)}
      alt={`${name} logo`}
      w={180}
      h={36}
      fit="contain"
      loading="lazy"
      {...props}
    />
  );
}

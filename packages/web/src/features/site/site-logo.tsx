import type { ImageProps } from "@mantine/core";
import { site } from "@repo/content";
import FallbackImage from "./fallback-image.island";

export const LOGO_SRC = "/logo.svg";

/**
 * The copy used when /logo.svg cannot be loaded (docs/product-spec.md §8: "a fallback image is used").
 * An inline data URL rather than a second host: it cannot fail for the same reason the first did.
 */
export const LOGO_FALLBACK_SRC =
  "data:image/svg+xml;charset=utf-8," +
  encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="40" viewBox="0 0 200 40">` +
      `<rect width="40" height="40" rx="8" fill="#1c64d9"/>` +
      `<path d="M11 29V11h4l10 12V11h4v18h-4L15 17v12z" fill="#fff"/>` +
      `<text x="50" y="27" font-family="system-ui,sans-serif" font-size="18" font-weight="700" fill="#1a1b1e">${site.name}</text>` +
      `</svg>`,
  );

/** The provider's logo, swapped for the inline copy when the file cannot be loaded. */
export function SiteLogo(props: Omit<ImageProps, "src" | "fallbackSrc">) {
  return (
    <FallbackImage
      src={LOGO_SRC}
      fallbackSrc={LOGO_FALLBACK_SRC}
      alt={`${site.name} logo`}
      w={180}
      h={36}
      fit="contain"
      loading="lazy"
      {...props}
    />
  );
}

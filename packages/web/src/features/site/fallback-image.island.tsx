import { Image, type ImageProps } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { island } from "../../islands/island";

interface FallbackImageProps extends Omit<ImageProps, "src" | "fallbackSrc"> {
  src: string;
  fallbackSrc: string;
  alt: string;
  /** "lazy" for an image that is not what a visitor reads first, such as the logo. */
  loading?: "lazy" | "eager";
}

/**
 * An image that swaps to `fallbackSrc` when `src` fails (docs/product-spec.md §8). On a prerendered page the image
 * may fail before React hydrates, and that error event is gone; so on mount, an image the browser has
 * finished without any pixels is asked to decode, which rejects only when it is broken (an SVG without
 * an intrinsic size also reports no pixels, yet decodes). An island: its props must be plain JSON.
 */
function FallbackImage({ src, fallbackSrc, alt, ...props }: FallbackImageProps) {
  const ref = useRef<HTMLImageElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const image = ref.current;
    if (image?.complete && image.naturalWidth === 0) image.decode().catch(() => setFailed(true));
  }, []);

  return <Image ref={ref} src={failed ? fallbackSrc : src} alt={alt} onError={() => setFailed(true)} {...props} />;
}

export default island("site/fallback-image", FallbackImage);

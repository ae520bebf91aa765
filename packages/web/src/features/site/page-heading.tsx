import { Text, type TextProps, Title } from "@mantine/core";
import type { ReactNode } from "react";

interface PageHeadingProps extends TextProps {
  title: ReactNode;
  subtitle: ReactNode;
  /** A step smaller, for a page that is mostly a form (/submit-ticket). */
  compact?: boolean;
}

/** The h1 and dimmed subtitle a marketing page opens with; other props style the subtitle (its width, spacing). */
export function PageHeading({ title, subtitle, compact = false, ...subtitleProps }: PageHeadingProps) {
  return (
    <>
      <Title order={1} fz={compact ? { base: 32, md: 42 } : { base: 34, md: 46 }}>
        {title}
      </Title>
      <Text size={compact ? "lg" : "xl"} c="dimmed" mt="sm" {...subtitleProps}>
        {subtitle}
      </Text>
    </>
  );
}

import { useEffect, useRef } from "react";

/**
 * A ref for the element (a heading, with tabIndex -1) that takes the keyboard focus when it appears: the
 * result of a form that replaced the form, so focus is not lost to the page body and a screen reader
 * reads the result (WCAG 2.4.3, focus order).
 */
export function useFocusOnMount<Element extends HTMLElement>() {
  const ref = useRef<Element>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}

// The search box over a list: it shows every key at once but commits the text only once typing settles, so
// the URL and the list's query change once per word rather than once per key.
import { TextInput } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { useEffect, useRef, useState } from "react";

/** Typing settles for this long before the search reaches the URL and the list is asked again. */
const SEARCH_DEBOUNCE_MS = 300;

interface SearchBoxProps {
  /** What is searched now (from the URL). */
  value: string;
  /** The settled text; called with the newest handler, so it extends the filters as they are then. */
  onCommit(q: string): void;
  placeholder: string;
}

export function SearchBox({ value, onCommit, placeholder }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const latest = useRef(onCommit);
  latest.current = onCommit;
  const commit = useDebouncedCallback((q: string) => latest.current(q), SEARCH_DEBOUNCE_MS);
  // Follow the URL when it changes from elsewhere (Back, a shared link): the box shows what is searched.
  useEffect(() => setText(value), [value]);

  return (
    <TextInput
      label="Search"
      placeholder={placeholder}
      type="search"
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        commit(event.currentTarget.value);
      }}
      style={{ flex: "1 1 240px" }}
    />
  );
}

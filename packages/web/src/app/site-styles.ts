// The marketing pages' styles: Mantine's base layers and the styles of just the components those pages
// show, rather than Mantine's whole stylesheet (a third of the size, and CSS blocks the first paint).
// The portals load the whole stylesheet (main.tsx). scripts/prerender.mjs checks every prerendered page
// against SITE_STYLED_COMPONENTS, so a page that starts using another component fails the build until
// its styles are added here. The order is Mantine's: base layers first, a component after those it builds on.
import "@mantine/core/styles/baseline.css";
import "@mantine/core/styles/default-css-variables.css";
import "@mantine/core/styles/global.css";
import "@mantine/core/styles/UnstyledButton.css";
import "@mantine/core/styles/VisuallyHidden.css";
import "@mantine/core/styles/Paper.css";
import "@mantine/core/styles/Loader.css";
import "@mantine/core/styles/CloseButton.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Anchor.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Title.css";
import "@mantine/core/styles/Code.css";
import "@mantine/core/styles/List.css";
import "@mantine/core/styles/Badge.css";
import "@mantine/core/styles/ThemeIcon.css";
import "@mantine/core/styles/Image.css";
import "@mantine/core/styles/Burger.css";
import "@mantine/core/styles/Divider.css";
import "@mantine/core/styles/Container.css";
import "@mantine/core/styles/Center.css";
import "@mantine/core/styles/Group.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/SimpleGrid.css";
import "@mantine/core/styles/Grid.css";
import "@mantine/core/styles/Card.css";
import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Blockquote.css";
import "@mantine/core/styles/Timeline.css";
import "@mantine/core/styles/Accordion.css";
import "@mantine/core/styles/Input.css";
import "@mantine/core/styles/Combobox.css";
import "@mantine/core/styles/Notification.css";
// Our own rules for prerendered markup (a component module's CSS import reaches only the SPA build).
import "../features/services/mobile-quote-bar.css";
import "../components/skip-link.css";
import "../features/site/form-row.css";

/**
 * The components styled above, by the name in their static class names (`mantine-{Name}-root`). Also
 * those the pages show only after an action: the Alert of a failed ticket, the success cards (Code),
 * toasts (Notification, CloseButton), a Button's Loader.
 */
export const SITE_STYLED_COMPONENTS: readonly string[] = [
  "UnstyledButton",
  "VisuallyHidden",
  "Paper",
  "Loader",
  "CloseButton",
  "Button",
  "Anchor",
  "Text",
  "Title",
  "Code",
  "List",
  "Badge",
  "ThemeIcon",
  "Image",
  "Burger",
  "Divider",
  "Container",
  "Center",
  "Group",
  "Stack",
  "SimpleGrid",
  "Grid",
  "Card",
  "Alert",
  // A help centre article's quote (features/help-centre).
  "Blockquote",
  "Timeline",
  "Accordion",
  // Input.css styles the inputs built on it, Combobox.css the select's chevron.
  "Input",
  "InputWrapper",
  "TextInput",
  "Textarea",
  "NativeSelect",
  "ComboboxChevron",
  "Notification",
];

/** What other features use of library; the rest of the folder is its own. */
export { BookActions, LaunchReminderButton } from "./components/book-actions";
export { ContinueReadingCard } from "./components/continue-reading-card";
export { LaunchReminder } from "./components/launch-reminder";
export { libraryKeys, useToggleLaunchSubscription, useToggleStar, useViewerState } from "./queries";

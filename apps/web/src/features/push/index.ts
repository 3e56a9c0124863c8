/** What other features use of push; the rest of the folder is its own. */
export { NotificationPreferencesSection } from "./components/notification-preferences-section";
export { PushOptInOffer } from "./components/push-opt-in-offer";
export { PushSettingsSection } from "./components/push-settings-section";
export { followNativePush, routeNotificationTaps } from "./native-push";
export { disablePushOnSignOut, refreshOnAppStart, SERVICE_WORKER_URL } from "./push-client";
